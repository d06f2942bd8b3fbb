import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rememberFederatedLogin } from '../../../functions/data/auth/federated-logins.ts';
import { ecmDetailsWanted, saveEcmDetails } from '../../../functions/data/ecm/profile.ts';
import { rightsMessage } from '../../../functions/rights/messages.ts';
import { call, seedFixtures, SITE } from '../fixtures.ts';

const ISSUER = 'https://idp.example.test';
let signingKey: CryptoKey;
let publicJwk: JWK;
let foreignKey: CryptoKey;

beforeAll(async () => {
  await seedFixtures();
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  foreignKey = (await generateKeyPair('RS256')).privateKey;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubProvider() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === `${ISSUER}/.well-known/openid-configuration`) return Response.json({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` });
    if (url === `${ISSUER}/jwks`) return Response.json({ keys: [publicJwk] });
    return new Response('not found', { status: 404 });
  });
}

/** A sign-in this site started: the nonce the provider's ID token must carry back. */
async function pendingNonce(options: { provider?: string; siteId?: string; expiresAt?: number } = {}): Promise<string> {
  const nonce = `nonce-${crypto.randomUUID()}`;
  await rememberFederatedLogin(
    env.DB,
    { nonce, provider: options.provider ?? 'mock', siteId: options.siteId ?? SITE },
    options.expiresAt ?? Date.now() + 600_000,
    Date.now(),
  );
  return nonce;
}

async function idToken(claims: Record<string, unknown>, options: { key?: CryptoKey; expiresIn?: string; audience?: string; issuer?: string } = {}) {
  return new SignJWT({ given_name: 'Federica', family_name: 'Medici', email: 'federica@example.it', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? 'tiles-platform')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(options.key ?? signingKey);
}

describe('POST /api/auth/federated/login', () => {
  it('creates a learner on first sign-in, reuses it on the second, and seals t-ssid', async () => {
    stubProvider();
    const first = await call('/api/auth/federated/login', {
      method: 'POST',
      body: { provider: 'mock', token: await idToken({ sub: 'fed-001', nonce: await pendingNonce() }), returnTo: '/it-IT/profile' },
    });
    expect(first.status).toBe(200);
    const outcome = (await first.json<{ outcome: { user: { _id: string; firstName: string; role: string[]; federated: unknown[] }; redirect: string } }>())
      .outcome;
    expect(outcome.redirect).toBe('/it-IT/profile');
    expect(outcome.user).toMatchObject({ firstName: 'Federica', role: ['learner'], federated: [{ provider: 'mock', federatedId: 'fed-001' }] });
    expect(first.headers.get('set-cookie')).toMatch(/^t-ssid=Fe26\.2\*.*HttpOnly.*SameSite=Strict/);

    const second = await call('/api/auth/federated/login', {
      method: 'POST',
      body: { provider: 'mock', token: await idToken({ sub: 'fed-001', nonce: await pendingNonce() }) },
    });
    const again = (await second.json<{ outcome: { user: { _id: string }; redirect: string } }>()).outcome;
    expect(again.user._id).toBe(outcome.user._id);
    expect(again.redirect).toBe('/');
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_federation WHERE provider = 'mock' AND federated_id = 'fed-001'").first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("cleans a provider's names of control and invisible characters instead of refusing the learner", async () => {
    stubProvider();
    const response = await call('/api/auth/federated/login', {
      method: 'POST',
      body: {
        provider: 'mock',
        token: await idToken({
          sub: 'fed-hidden',
          nonce: await pendingNonce(),
          given_name: 'Fede\u0007rica\u202E',
          family_name: '\u200BMe\ndici',
          email: 'fe\u2066d@example.it',
        }),
      },
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json<{ outcome: { user: { firstName: string; lastName: string; email: string | null } } }>()).outcome;
    expect(user).toMatchObject({ firstName: 'Federica', lastName: 'Me dici', email: null });
  });

  it('refuses forged, expired, foreign-audience and foreign-issuer tokens with 401 and no cookie', async () => {
    stubProvider();
    const bad = [
      await idToken({ sub: 'fed-002', nonce: await pendingNonce() }, { key: foreignKey }),
      await idToken({ sub: 'fed-002', nonce: await pendingNonce() }, { expiresIn: '-1m' }),
      await idToken({ sub: 'fed-002', nonce: await pendingNonce() }, { audience: 'another-app' }),
      await idToken({ sub: 'fed-002', nonce: await pendingNonce() }, { issuer: 'https://evil.example' }),
      'not.a.jwt',
    ];
    for (const token of bad) {
      const response = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token } });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await response.json<{ message: string }>()).message).toBe("Il token di identità non è valido o è scaduto: ripeti l'accesso.");
    }
    const created = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_federation WHERE federated_id = 'fed-002'").first<{ n: number }>();
    expect(created?.n).toBe(0);
  });

  it('refuses a foreign returnTo and an unknown provider with 400', async () => {
    stubProvider();
    for (const returnTo of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const response = await call('/api/auth/federated/login', {
        method: 'POST',
        body: { provider: 'mock', token: await idToken({ sub: 'fed-003', nonce: await pendingNonce() }), returnTo },
      });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toContain('«returnTo»');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    const unknown = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'nobody', token: 'x' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ message: string }>()).message).toBe('Provider di identità non configurato: nobody');
  });

  it('accepts an ID token once: a replay is refused with 401, no cookie and no new session', async () => {
    stubProvider();
    const token = await idToken({ sub: 'fed-004', nonce: await pendingNonce() });
    const first = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token } });
    expect(first.status).toBe(200);
    const sessions = async () =>
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_token t JOIN user_federation f ON f.user_id = t.user_id WHERE f.federated_id = 'fed-004'").first<{
          n: number;
        }>()
      )?.n;
    const before = await sessions();
    const replay = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token } });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect((await replay.json<{ message: string }>()).message).toBe("Questo accesso è già stato usato o non è stato avviato da questo sito: ripeti l'accesso.");
    expect(await sessions()).toBe(before);
  });

  it('refuses a valid token whose nonce is missing, unknown, expired, or of another provider or site', async () => {
    stubProvider();
    await env.DB.prepare(
      "INSERT OR IGNORE INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES ('tiles-other', 'Altro sito', 'tiles.svg', 'it-IT', '[\"it-IT\"]')",
    ).run();
    const tokens = [
      await idToken({ sub: 'fed-005' }),
      await idToken({ sub: 'fed-005', nonce: 'never-started-here' }),
      await idToken({ sub: 'fed-005', nonce: await pendingNonce({ expiresAt: Date.now() - 1 }) }),
      await idToken({ sub: 'fed-005', nonce: await pendingNonce({ provider: 'other-idp' }) }),
      await idToken({ sub: 'fed-005', nonce: await pendingNonce({ siteId: 'tiles-other' }) }),
    ];
    for (const token of tokens) {
      const response = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token } });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM user_federation WHERE federated_id = 'fed-005'").first()).toEqual({ n: 0 });
  });

  it("answers an unknown tiles-site-id with 400 naming it, in the caller's language, and takes nothing", async () => {
    stubProvider();
    const token = await idToken({ sub: 'fed-006', nonce: await pendingNonce() });
    const unknown = await call('/api/auth/federated/login', { method: 'POST', headers: { 'tiles-site-id': 'nowhere' }, body: { provider: 'mock', token } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ statusCode: 400, statusMessage: 'Bad Request', message: 'Sito sconosciuto: nowhere' });
    const english = await call('/api/auth/federated/login', {
      method: 'POST',
      locale: 'en-US',
      headers: { 'tiles-site-id': 'nowhere' },
      body: { provider: 'mock', token },
    });
    expect((await english.json<{ message: string }>()).message).toBe('Unknown site: nowhere');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM user WHERE site_id = 'nowhere'").first()).toEqual({ n: 0 });
    // The sign-in was not used up: the same token still opens a session on its own site.
    expect((await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token } })).status).toBe(200);
  });
});

describe('a federated account’s gender and ECM details', () => {
  // Each identity with an address of its own: an address belongs to one account.
  async function federatedSignIn(sub: string) {
    const response = await call('/api/auth/federated/login', {
      method: 'POST',
      body: { provider: 'mock', token: await idToken({ sub, nonce: await pendingNonce(), email: `${sub}@example.it` }) },
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json<{ outcome: { user: { _id: string; fields: { gender: string | null } } } }>()).outcome;
    return { user, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
  }

  it('gets no gender, is asked for what ECM needs until it answers, and never after', async () => {
    stubProvider();
    const { user } = await federatedSignIn('fed-gender');
    expect(user.fields.gender).toBeNull();
    expect(await env.DB.prepare('SELECT gender FROM user WHERE id = ?').bind(user._id).first()).toEqual({ gender: null });
    expect(await ecmDetailsWanted(env.DB, user._id)).toBe(true);
    // "Later": the next sign-in asks again.
    await federatedSignIn('fed-gender');
    expect(await ecmDetailsWanted(env.DB, user._id)).toBe(true);
    // Answered with gender alone (no ECM courses): not asked again, and nothing else was invented.
    await saveEcmDetails(env.DB, user._id, { gender: 'f', fiscalCode: null, professionId: null, disciplineId: null }, Date.now());
    expect(await ecmDetailsWanted(env.DB, user._id)).toBe(false);
    expect(await env.DB.prepare('SELECT gender, fiscal_code FROM user WHERE id = ?').bind(user._id).first()).toEqual({ gender: 'f', fiscal_code: null });
  });

  it("a provider's address that another account holds is not copied: the new account starts without one", async () => {
    stubProvider();
    const response = await call('/api/auth/federated/login', {
      method: 'POST',
      body: { provider: 'mock', token: await idToken({ sub: 'fed-held', nonce: await pendingNonce(), email: 'GIULIA@example.it' }) },
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json<{ outcome: { user: { _id: string; email: string | null } } }>()).outcome;
    expect(user.email).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM user WHERE email = 'giulia@example.it' COLLATE NOCASE").first()).toEqual({ n: 1 });
  });

  it('deletes itself by typing its e-mail address (it has no password here); the identity then makes a new account', async () => {
    stubProvider();
    const { user, cookie } = await federatedSignIn('fed-delete');
    const wrong = await call('/api/auth/user/delete', { method: 'POST', cookie, body: { confirm: 'someone@example.it' } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json<{ message: string }>()).message).toBe(rightsMessage('deleteConfirmEmail', 'it'));
    const deleted = await call('/api/auth/user/delete', { method: 'POST', cookie, body: { confirm: ' FED-DELETE@example.it ' } });
    expect(deleted.status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM user_federation WHERE user_id = ?').bind(user._id).first()).toEqual({ n: 0 });
    const again = await federatedSignIn('fed-delete');
    expect(again.user._id).not.toBe(user._id);
  });
});
