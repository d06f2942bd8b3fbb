import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../core/security-headers.ts';
import { handleApi } from '../../functions/app.ts';
import { call, seedFixtures, SITE } from './fixtures.ts';

beforeAll(seedFixtures);

const WORKER_TOKEN = 'app-test-build-worker-token-0123456789abcdef';
const workerEnv = { BUILD_WORKER_TOKEN: WORKER_TOKEN };

describe('404 in the caller language', () => {
  it('answers an unknown path in it-IT by default, in en-US and in de-DE, always as Not Found', async () => {
    const answers = {
      it: await call('/api/nessuna-risorsa', { headers: { 'tiles-locale-code': '' } }),
      en: await call('/api/nessuna-risorsa', { locale: 'en-US' }),
      de: await call('/api/nessuna-risorsa', { locale: 'de-DE' }),
    };
    expect(await answers.it.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: 'Risorsa non trovata: /api/nessuna-risorsa' });
    expect(await answers.en.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: 'Resource not found: /api/nessuna-risorsa' });
    expect(await answers.de.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: 'Ressource nicht gefunden: /api/nessuna-risorsa' });
    for (const answer of Object.values(answers)) expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('hides the build worker calls without their token: the same 404 as an unknown path, in the caller language', async () => {
    for (const locale of ['it-IT', 'en-US', 'de-DE']) {
      for (const path of ['/api/cms/builds/claim', '/api/cms/builds/7/finish']) {
        const unknown = await (await call(path.replace('/api/cms/builds', '/api/nessuna'), { method: 'POST', locale })).json<{ message: string }>();
        const expected = { statusCode: 404, statusMessage: 'Not Found', message: unknown.message.replace('/api/nessuna', '/api/cms/builds') };
        for (const options of [{}, { headers: { 'x-build-worker': 'wrong-token-0123456789abcdef0123456789' } }]) {
          // With a body that would be invalid, another method, or a foreign origin: nothing tells the route exists.
          const refused = [
            await call(path, { method: 'POST', locale, env: workerEnv, ...options }),
            await call(path, { method: 'POST', locale, env: workerEnv, body: { status: 'nonsense' }, ...options }),
            // GET on the claim path is `GET /api/cms/builds/{id}`, a route of its own.
            ...(path.endsWith('/finish') ? [await call(path, { method: 'GET', locale, env: workerEnv, ...options })] : []),
            await call(path, { method: 'POST', locale, env: workerEnv, ...options, headers: { ...options.headers, origin: 'https://evil.example' } }),
          ];
          for (const response of refused) {
            expect(response.status, `${locale} ${path}`).toBe(404);
            expect(await response.json()).toEqual(expected);
          }
        }
      }
    }
  });

  it('lets the build worker in with its token', async () => {
    const headers = { 'x-build-worker': WORKER_TOKEN };
    const claimed = await call('/api/cms/builds/claim', { method: 'POST', env: workerEnv, headers });
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toHaveProperty('outcome');
    expect((await call('/api/cms/builds/999999/finish', { method: 'GET', env: workerEnv, headers })).status).toBe(405);
    expect((await call('/api/cms/builds/abc/finish', { method: 'POST', env: workerEnv, headers, body: { status: 'live' } })).status).toBe(400);
  });
});

describe('routing and input', () => {
  it('answers a known path with another method 405, naming both, and HEAD as GET', async () => {
    const wrong = await call('/api/stats', { method: 'POST', locale: 'en-US' });
    expect(await wrong.json()).toEqual({ statusCode: 405, statusMessage: 'Method Not Allowed', message: 'Method POST not allowed on /api/stats' });
    const head = await call(`/api/site/sites/${SITE}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.json()).toMatchObject({ outcome: { _id: SITE } });
  });

  it('names the refused field in the caller language, with zod messages in that language', async () => {
    const body = { cu: 'someone' };
    const messages = {
      it: (await (await call('/api/auth/login', { method: 'POST', body })).json<{ message: string }>()).message,
      en: (await (await call('/api/auth/login', { method: 'POST', body, locale: 'en-US' })).json<{ message: string }>()).message,
      de: (await (await call('/api/auth/login', { method: 'POST', body, locale: 'de-DE' })).json<{ message: string }>()).message,
    };
    expect(messages.it).toMatch(/^Il campo «cp» non è valido: .*(previsto|atteso)/i);
    expect(messages.en).toMatch(/^The field "cp" is invalid: Invalid input: expected string/);
    expect(messages.de).toMatch(/^Das Feld „cp“ ist ungültig: Ungültige Eingabe/);
    const query = await call('/api/content/tag?type=course', { locale: 'en-US' });
    expect(query.status).toBe(400);
    expect((await query.json<{ message: string }>()).message).toMatch(/^The field "type" is invalid/);
    const param = await call('/api/site/sites/a%20b');
    expect(param.status).toBe(400);
    expect((await param.json<{ message: string }>()).message).toMatch(/^Il campo «siteId» non è valido/);
  });

  it('asks who calls before it reads what they send: a visitor gets 401, not a verdict on the input', async () => {
    expect((await call('/api/lms/course/triage/session/x/1')).status).toBe(401);
    expect((await call('/api/auth/user', { method: 'PUT', body: { firstName: '' } })).status).toBe(401);
    expect((await call('/api/cms/documents/nonsense/xx/y', { method: 'PUT', body: { title: 42 } })).status).toBe(401);
  });

  it('refuses a body over 64 KiB with 413 and unparsable JSON with 400, in the caller language', async () => {
    const huge = await call('/api/event/hit', {
      method: 'POST',
      rawBody: `{"action":"${'x'.repeat(70_000)}"}`,
      headers: { 'content-type': 'application/json' },
      locale: 'de-DE',
    });
    expect(await huge.json()).toEqual({ statusCode: 413, statusMessage: 'Payload Too Large', message: 'Der Anfragetext ist zu groß.' });
    const broken = await call('/api/event/hit', { method: 'POST', rawBody: '{"action":', headers: { 'content-type': 'application/json' }, locale: 'en-US' });
    expect(await broken.json()).toEqual({ statusCode: 400, statusMessage: 'Bad Request', message: 'The request body is not valid JSON.' });
    const untyped = await call('/api/event/hit', { method: 'POST', rawBody: '{"action":"a"}' });
    expect(untyped.status).toBe(415);
  });
});

describe('security headers on API answers', () => {
  const expected = Object.fromEntries(Object.entries(securityHeaders([])).map(([name, value]) => [name.toLowerCase(), value]));
  /** Every header hono/secure-headers could add, and HSTS: none may appear beyond the pages' set. */
  const SECURITY_HEADERS = [
    ...Object.keys(expected),
    'strict-transport-security',
    'cross-origin-embedder-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  const securityOf = (response: Response) =>
    Object.fromEntries(SECURITY_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])));

  it('carries exactly the pages’ security headers on answers and errors, without HSTS on localhost', async () => {
    for (const response of [
      await call('/api/i18n/locales'),
      await call('/api/nessuna-risorsa'),
      await call('/api/stats', { method: 'DELETE' }),
      await call('/api/auth/user'),
    ]) {
      expect(securityOf(response)).toEqual(expected);
    }
  });

  it('adds HSTS outside localhost', async () => {
    const request = new Request('https://tiles.example.it/api/i18n/locales', { headers: { 'tiles-site-id': SITE } });
    const response = await handleApi(request, env);
    expect(securityOf(response)).toEqual({ ...expected, 'strict-transport-security': 'max-age=63072000; includeSubDomains' });
  });
});
