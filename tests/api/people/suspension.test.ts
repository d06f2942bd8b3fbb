import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersonDetail } from '../../../core/contracts/people.ts';
import { rememberFederatedLogin } from '../../../functions/data/auth/federated-logins.ts';
import { issueTokens } from '../../../functions/data/auth/tokens.ts';
import { call, EDITOR, outcome, seedFixtures, signIn, SITE } from '../fixtures.ts';
import { personById, seedPeople, STAFF } from './people-fixtures.ts';

let staff = '';

beforeAll(async () => {
  await seedFixtures();
  await seedPeople();
  staff = await signIn(STAFF);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const login = (user: { code: string; password: string }, locale = 'it-IT') =>
  call('/api/auth/login', { method: 'POST', locale, body: { cu: user.code, cp: user.password, ua: 'vitest' } });
const events = async (action: string, subject: string) =>
  (
    await env.DB.prepare("SELECT user_id AS userId FROM event WHERE action = 'people' AND variant = 'account' AND scope = ? AND subject = ?")
      .bind(action, subject)
      .all<{ userId: string }>()
  ).results;

describe('suspending an account', () => {
  it('ends every session of it at once, on every device, and records who did it', async () => {
    const anna = personById('u-pp-anna');
    const [laptop, phone] = [await signIn(anna), await signIn(anna)];
    expect((await call('/api/auth/user', { cookie: laptop })).status).toBe(200);
    const response = await call('/api/staff/people/u-pp-anna/suspend', { method: 'POST', cookie: staff });
    expect(response.status).toBe(200);
    expect((await outcome<PersonDetail>(response)).status).toBe('suspended');
    for (const cookie of [laptop, phone]) {
      const after = await call('/api/auth/user', { cookie });
      expect(after.status).toBe(401);
      // The browser's cookie is cleared: its tokens are revoked.
      expect(after.headers.get('set-cookie')).toMatch(/^t-ssid=;/);
    }
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_token WHERE user_id = 'u-pp-anna' AND expires_at > ?")
      .bind(Date.now())
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
    expect(await events('suspend', 'u-pp-anna')).toEqual([{ userId: STAFF.id }]);
    // Suspending again changes nothing and records nothing more.
    expect((await call('/api/staff/people/u-pp-anna/suspend', { method: 'POST', cookie: staff })).status).toBe(200);
    expect(await events('suspend', 'u-pp-anna')).toHaveLength(1);
  });

  it('refuses its password sign-in with a clear message in the caller language, only to whoever knows the password', async () => {
    const anna = personById('u-pp-anna');
    const refused = await login(anna);
    expect(refused.status).toBe(403);
    expect((await refused.json<{ message: string }>()).message).toBe(
      'Questo account è sospeso: non puoi accedere. Per sapere perché e come riattivarlo, rivolgiti al tuo provider di formazione.',
    );
    expect(refused.headers.get('set-cookie')).toBeNull();
    const english = await login(anna, 'en-US');
    expect((await english.json<{ message: string }>()).message).toBe(
      'This account is suspended: you cannot sign in. Ask your training provider why and how to have it reactivated.',
    );
    const wrong = await login({ code: anna.code, password: 'Not-Her-Password-1' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json<{ message: string }>()).message).toBe('Codice utente (o e-mail) o password non corretti.');
  });

  it('lets the account sign in again once reactivated, with its event', async () => {
    const response = await call('/api/staff/people/u-pp-anna/reactivate', { method: 'POST', cookie: staff });
    expect((await outcome<PersonDetail>(response)).status).toBe('active');
    expect((await login(personById('u-pp-anna'))).status).toBe(200);
    expect(await events('reactivate', 'u-pp-anna')).toEqual([{ userId: STAFF.id }]);
  });

  it('is refused for oneself, for an account with permissions the staff member lacks, and for an unknown person', async () => {
    const self = await call(`/api/staff/people/${STAFF.id}/suspend`, { method: 'POST', cookie: staff });
    expect(self.status).toBe(409);
    expect((await self.json<{ message: string }>()).message).toBe('Non puoi sospendere il tuo stesso account.');
    const editor = await call(`/api/staff/people/${EDITOR.id}/suspend`, { method: 'POST', cookie: staff });
    expect(editor.status).toBe(403);
    expect((await editor.json<{ message: string }>()).message).toBe('Questo account ha permessi che il tuo ruolo non ha: può sospenderlo solo chi li ha.');
    expect((await login(EDITOR)).status).toBe(200);
    // An editor holds every permission a secretary does: they may suspend one.
    const secretary = await call(`/api/staff/people/${STAFF.id}/suspend`, { method: 'POST', cookie: await signIn(EDITOR) });
    expect(secretary.status).toBe(200);
    expect((await call(`/api/staff/people/${STAFF.id}/reactivate`, { method: 'POST', cookie: await signIn(EDITOR) })).status).toBe(200);
    staff = await signIn(STAFF);
    expect((await call('/api/staff/people/u-nessuno/suspend', { method: 'POST', cookie: staff })).status).toBe(404);
  });

  it('records the last sign-in, which staff see', async () => {
    const before = Date.now();
    await signIn(personById('u-pp-greta'));
    const person = await outcome<PersonDetail>(await call('/api/staff/people/u-pp-greta', { cookie: staff }));
    expect(person.lastSignInAt).toBeGreaterThanOrEqual(before);
    // A renewal continues the session's family: no new sign-in.
    await issueTokens(env.DB, 'u-pp-greta', Date.now() + 60_000, { family: 'renewed-family', signedInAt: before });
    const stored = await env.DB.prepare("SELECT last_sign_in_at AS at FROM user WHERE id = 'u-pp-greta'").first<{ at: number }>();
    expect(stored?.at).toBe(person.lastSignInAt);
  });
});

describe('a suspended account signing in through an identity provider', () => {
  const ISSUER = 'https://idp.example.test';
  let signingKey: CryptoKey;
  let publicJwk: JWK;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  });

  async function federatedLogin(sub: string) {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url === `${ISSUER}/.well-known/openid-configuration`) return Response.json({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` });
      if (url === `${ISSUER}/jwks`) return Response.json({ keys: [publicJwk] });
      return new Response('not found', { status: 404 });
    });
    const nonce = `nonce-${crypto.randomUUID()}`;
    await rememberFederatedLogin(env.DB, { nonce, provider: 'mock', siteId: SITE }, Date.now() + 600_000, Date.now());
    const token = await new SignJWT({ given_name: 'Federica', family_name: 'Sospesa', nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience('tiles-platform')
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(signingKey);
    return call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token } });
  }

  it('is refused with the same message, and opens no session', async () => {
    const first = await federatedLogin('fed-suspended');
    expect(first.status).toBe(200);
    const { user } = await outcome<{ user: { _id: string } }>(first);
    expect((await call(`/api/staff/people/${user._id}/suspend`, { method: 'POST', cookie: staff })).status).toBe(200);
    const refused = await federatedLogin('fed-suspended');
    expect(refused.status).toBe(403);
    expect((await refused.json<{ message: string }>()).message).toMatch(/^Questo account è sospeso/);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const tokens = await env.DB.prepare('SELECT COUNT(*) AS n FROM auth_token WHERE user_id = ? AND expires_at > ?')
      .bind(user._id, Date.now())
      .first<{ n: number }>();
    expect(tokens?.n).toBe(0);
  });
});
