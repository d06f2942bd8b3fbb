import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, seedFixtures } from './fixtures.ts';

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
    const first = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token: await idToken({ sub: 'fed-001' }), returnTo: '/it-IT/profile' } });
    expect(first.status).toBe(200);
    const outcome = (await first.json<{ outcome: { user: { _id: string; firstName: string; role: string[]; federated: unknown[] }; redirect: string } }>()).outcome;
    expect(outcome.redirect).toBe('/it-IT/profile');
    expect(outcome.user).toMatchObject({ firstName: 'Federica', role: ['learner'], federated: [{ provider: 'mock', federatedId: 'fed-001' }] });
    expect(first.headers.get('set-cookie')).toMatch(/^t-ssid=Fe26\.2\*.*HttpOnly.*SameSite=Strict/);

    const second = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token: await idToken({ sub: 'fed-001' }) } });
    const again = (await second.json<{ outcome: { user: { _id: string }; redirect: string } }>()).outcome;
    expect(again.user._id).toBe(outcome.user._id);
    expect(again.redirect).toBe('/');
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_federation WHERE provider = 'mock' AND federated_id = 'fed-001'").first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it('refuses forged, expired, foreign-audience and foreign-issuer tokens with 401 and no cookie', async () => {
    stubProvider();
    const bad = [
      await idToken({ sub: 'fed-002' }, { key: foreignKey }),
      await idToken({ sub: 'fed-002' }, { expiresIn: '-1m' }),
      await idToken({ sub: 'fed-002' }, { audience: 'another-app' }),
      await idToken({ sub: 'fed-002' }, { issuer: 'https://evil.example' }),
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
      const response = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'mock', token: await idToken({ sub: 'fed-003' }), returnTo } });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toContain('«returnTo»');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    const unknown = await call('/api/auth/federated/login', { method: 'POST', body: { provider: 'nobody', token: 'x' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<{ message: string }>()).message).toBe('Provider di identità non configurato: nobody');
  });
});
