import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSupportRequest, listSupportRequests } from '../../../functions/data/support/requests.ts';
import { LEARNER, seedFixtures, SITE } from '../fixtures.ts';

// Query-level tests of functions/data/support/requests.ts.
beforeAll(seedFixtures);

const input = {
  name: 'Anna Verdi',
  email: 'anna@example.it',
  message: 'Il video non parte.',
  c: '500',
  e: 'Errore interno',
  p: '/it-IT/course/triage',
  r: '8e1f0c2a9b7d4e31-MXP',
};

describe('functions/data/support/requests.ts', () => {
  it('stores a request and its audit event naming it, together', async () => {
    const id = await createSupportRequest(env.DB, { ...input, siteId: SITE, locale: 'en-US', userId: LEARNER.id, now: 1_000 });
    expect(id).toBeGreaterThan(0);
    expect(
      await env.DB.prepare(
        'SELECT site_id, locale, user_id, name, email, message, error_code, error_message, error_path, error_request, created_at FROM support_request WHERE id = ?',
      )
        .bind(id)
        .first(),
    ).toEqual({
      site_id: SITE,
      locale: 'en-US',
      user_id: LEARNER.id,
      name: 'Anna Verdi',
      email: 'anna@example.it',
      message: 'Il video non parte.',
      error_code: '500',
      error_message: 'Errore interno',
      error_path: '/it-IT/course/triage',
      error_request: '8e1f0c2a9b7d4e31-MXP',
      created_at: 1_000,
    });
    expect(
      await env.DB.prepare('SELECT user_id, ua, action, variant, scope, subject, created_at FROM event WHERE subject = ?').bind(`support#${id}`).first(),
    ).toEqual({
      user_id: LEARNER.id,
      ua: 'server',
      action: 'support',
      variant: 'request',
      scope: 'create',
      subject: `support#${id}`,
      created_at: 1_000,
    });
  });

  it('lists the newest requests of a site first, with their status and replies, without who sent them', async () => {
    const older = await createSupportRequest(env.DB, { ...input, message: 'Primo messaggio.', siteId: SITE, locale: 'it-IT', userId: null, now: 2_000 });
    const newer = await createSupportRequest(env.DB, {
      ...input,
      message: 'Secondo messaggio.',
      c: null,
      e: null,
      p: null,
      r: null,
      siteId: SITE,
      locale: 'it-IT',
      userId: LEARNER.id,
      now: 3_000,
    });
    await createSupportRequest(env.DB, { ...input, siteId: 'another-site', locale: 'it-IT', userId: null, now: 4_000 });
    const listed = await listSupportRequests(env.DB, SITE, { page: 1 });
    const ofSite = await env.DB.prepare('SELECT COUNT(*) AS n FROM support_request WHERE site_id = ?').bind(SITE).first<{ n: number }>();
    expect(listed).toMatchObject({ total: ofSite?.n, page: 1, pages: 1, pageSize: 20 });
    expect(listed.requests.slice(0, 2)).toEqual([
      {
        id: newer,
        status: 'open',
        replies: [],
        locale: 'it-IT',
        name: 'Anna Verdi',
        email: 'anna@example.it',
        message: 'Secondo messaggio.',
        c: null,
        e: null,
        p: null,
        r: null,
        signedIn: true,
        createdAt: new Date(3_000).toISOString(),
      },
      {
        id: older,
        status: 'open',
        replies: [],
        locale: 'it-IT',
        name: 'Anna Verdi',
        email: 'anna@example.it',
        message: 'Primo messaggio.',
        c: '500',
        e: 'Errore interno',
        p: '/it-IT/course/triage',
        r: '8e1f0c2a9b7d4e31-MXP',
        signedIn: false,
        createdAt: new Date(2_000).toISOString(),
      },
    ]);
  });

  it("refuses a sender's unchecked request over the allowance, in the window only, and writes no event for it", async () => {
    const store = (now: number, from: string, since = 0) =>
      createSupportRequest(env.DB, { ...input, siteId: SITE, locale: 'it-IT', userId: null, now, unchecked: { from, since, allowance: 2 } });
    const events = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM event WHERE action = 'support'").first<{ n: number }>())?.n ?? 0;
    expect(await store(10_000, 'sender-a')).toBeGreaterThan(0);
    expect(await store(20_000, 'sender-a')).toBeGreaterThan(0);
    const before = await events();
    expect(await store(30_000, 'sender-a')).toBe(0);
    expect(await events()).toBe(before);
    // Outside the window the first request no longer counts; another sender has its own allowance.
    expect(await store(40_000, 'sender-a', 15_000)).toBeGreaterThan(0);
    expect(await store(40_000, 'sender-b')).toBeGreaterThan(0);
  });

  it('lets exactly the allowance through when 20 unchecked requests of one sender arrive at once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createSupportRequest(env.DB, {
          ...input,
          siteId: SITE,
          locale: 'it-IT',
          userId: null,
          now: 50_000 + i,
          unchecked: { from: 'sender-parallel', since: 0, allowance: 3 },
        }),
      ),
    );
    expect(ids.filter((id) => id > 0)).toHaveLength(3);
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM support_request WHERE unchecked_from = 'sender-parallel'").first<{ n: number }>();
    expect(row?.n).toBe(3);
  });
});
