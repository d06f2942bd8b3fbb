import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventStatement } from '../../../functions/data/events.ts';
import { ACCESS_TOKEN_TTL_MS, checkTokens, issueTokens, REFRESH_TOKEN_IDLE_MS, revokeSession, revokeUserTokens } from '../../../functions/data/auth/tokens.ts';
import { hashToken } from '../../../functions/shared/token.ts';
import { OTHER, seedFixtures, SITE, THIRD } from '../fixtures.ts';

// Query-level tests of functions/data/auth/tokens.ts: what each function returns and writes.
beforeAll(seedFixtures);
afterEach(async () => {
  await env.DB.prepare('DROP TRIGGER IF EXISTS refuse_events').run();
});

const T = 1_800_000_000_000;
const rows = (userId: string) =>
  env.DB.prepare('SELECT hash, kind, family, expires_at, created_at, revoked_at FROM auth_token WHERE user_id = ? ORDER BY created_at, kind')
    .bind(userId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);
const lastEvent = (userId: string) =>
  env.DB.prepare("SELECT action || '.' || variant || '.' || scope AS name, subject, created_at FROM event WHERE user_id = ? ORDER BY id DESC")
    .bind(userId)
    .first();

describe('functions/data/auth/tokens.ts', () => {
  it('issues a pair of one family, stored only as hashes, with the sign-in event in the same batch', async () => {
    const pair = await issueTokens(env.DB, THIRD.id, T, { event: eventStatement(env.DB, SITE, THIRD.id, 'auth.login.password', 'windows', T) });
    const stored = await rows(THIRD.id);
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.hash).sort()).toEqual([await hashToken(pair.accessToken), await hashToken(pair.refreshToken)].sort());
    expect(JSON.stringify(stored)).not.toContain(pair.accessToken);
    expect(stored.find((row) => row.kind === 'access')?.expires_at).toBe(T + ACCESS_TOKEN_TTL_MS);
    expect(stored.find((row) => row.kind === 'refresh')?.expires_at).toBe(T + REFRESH_TOKEN_IDLE_MS);
    expect(new Set(stored.map((row) => row.family)).size).toBe(1);
    expect(await lastEvent(THIRD.id)).toEqual({ name: 'auth.login.password', subject: 'windows', created_at: T });
  });

  it('accepts a live access token, renews with the refresh token once, and revokes the family on reuse', async () => {
    const pair = await issueTokens(env.DB, OTHER.id, T);
    expect(await checkTokens(env.DB, pair, T + 1_000)).toEqual({ kind: 'valid', userId: OTHER.id });
    const later = T + ACCESS_TOKEN_TTL_MS + 1;
    const renewed = await checkTokens(env.DB, pair, later);
    expect(renewed).toMatchObject({ kind: 'renewed', userId: OTHER.id });
    // A copy of the old refresh token, used well after its rotation, ends the whole family.
    expect(await checkTokens(env.DB, { refreshToken: pair.refreshToken }, later + 60_000)).toEqual({ kind: 'invalid' });
    if (renewed.kind !== 'renewed') throw new Error('not renewed');
    expect(await checkTokens(env.DB, renewed.tokens, later + 61_000)).toEqual({ kind: 'invalid' });
  });

  it('ends one session (its family) with auth.logout.session counting the tokens, leaving the others', async () => {
    const kept = await issueTokens(env.DB, THIRD.id, T + 10);
    const ended = await issueTokens(env.DB, THIRD.id, T + 20);
    const revoked = await revokeSession(
      env.DB,
      ended,
      T + 30,
      eventStatement(env.DB, SITE, THIRD.id, 'auth.logout.session', { changedRowsSuffix: ' tokens' }, T + 30),
    );
    expect(revoked).toBe(2);
    expect(await lastEvent(THIRD.id)).toEqual({ name: 'auth.logout.session', subject: '2 tokens', created_at: T + 30 });
    expect(await checkTokens(env.DB, ended, T + 40)).toEqual({ kind: 'invalid' });
    expect(await checkTokens(env.DB, kept, T + 40)).toEqual({ kind: 'valid', userId: THIRD.id });
  });

  it('ends every session of a user with auth.logout.all, and revokes nothing when the event cannot be written', async () => {
    const a = await issueTokens(env.DB, OTHER.id, T + 100);
    const b = await issueTokens(env.DB, OTHER.id, T + 200);
    await env.DB.prepare("CREATE TRIGGER refuse_events BEFORE INSERT ON event BEGIN SELECT RAISE(ABORT, 'no events'); END").run();
    await expect(
      revokeUserTokens(env.DB, OTHER.id, T + 300, eventStatement(env.DB, SITE, OTHER.id, 'auth.logout.all', { changedRowsSuffix: ' tokens' }, T + 300)),
    ).rejects.toThrow();
    expect(await checkTokens(env.DB, a, T + 301)).toEqual({ kind: 'valid', userId: OTHER.id });
    await env.DB.prepare('DROP TRIGGER refuse_events').run();

    const live = (await rows(OTHER.id)).filter((row) => Number(row.expires_at) > T + 300).length;
    const revoked = await revokeUserTokens(
      env.DB,
      OTHER.id,
      T + 300,
      eventStatement(env.DB, SITE, OTHER.id, 'auth.logout.all', { changedRowsSuffix: ' tokens' }, T + 300),
    );
    expect(revoked).toBe(live);
    expect(await lastEvent(OTHER.id)).toEqual({ name: 'auth.logout.all', subject: `${live} tokens`, created_at: T + 300 });
    for (const pair of [a, b]) expect(await checkTokens(env.DB, pair, T + 301)).toEqual({ kind: 'invalid' });
  });
});
