import http from 'node:http';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { LEARNER } from './helpers.ts';

// Page posts (sign-in, support, user data, logout) get the API's rules: a body over 64 KiB is
// refused before it is read (413), and a change asked from another site is refused whatever the
// body's type (403); both answer with the error page in the reader's language.
const LIMIT = 64 * 1024;
const BIG = 8 * 1024 * 1024;
const FORM = 'application/x-www-form-urlencoded';
// A browser's user agent: crawlers get the status alone, without the error page (src/server/crawler.ts).
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };

const TOO_LARGE = {
  it: ['Richiesta troppo grande', 'Il corpo della richiesta è troppo grande.'],
  en: ['Request too large', 'The request body is too large.'],
  de: ['Anfrage zu groß', 'Der Anfragetext ist zu groß.'],
};
const CROSS_SITE = {
  it: ['Richiesta non consentita', 'Richiesta rifiutata: proviene da un altro sito.'],
  en: ['Request not allowed', 'Request refused: it comes from another site.'],
  de: ['Anfrage nicht erlaubt', 'Anfrage abgelehnt: Sie stammt von einer anderen Website.'],
};

/** The error screen's status line and message, read from the page's HTML. */
function errorScreen(html: string): [string, string] {
  const status = html.match(/data-testid="error-status"[^>]*>([^<]*)</)?.[1] ?? '';
  const message = html.match(/data-testid="error-message"[^>]*>([^<]*)</)?.[1] ?? '';
  return [status, message];
}

/** A session of the learner's own in this request context (its cookie jar keeps it). */
async function signInByForm(request: APIRequestContext, origin: string): Promise<void> {
  const response = await request.post('/tiles-access', { headers: { ...BROWSER, origin }, form: { cu: LEARNER.code, cp: LEARNER.password }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/**
 * Posts `total` bytes (`prefix`, then 16 KiB chunks of filler) with the Content-Length `declared`, or
 * chunked without one (null), and never ends the body when `end` is false: then only a server that
 * refuses without reading the rest can answer. Resolves with the status and page as soon as the
 * answer arrives (as a browser shows it), or null if none came within 15 seconds (`waitMs`).
 */
function rawPost(
  origin: string,
  path: string,
  body: { total: number; end: boolean; declared: number | null; prefix?: string; headers?: Record<string, string>; waitMs?: number },
): Promise<{ status: number; html: string } | null> {
  const prefix = Buffer.from(body.prefix ?? '');
  const length = body.declared === null ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.declared) };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      post.destroy();
      resolve(null);
    }, body.waitMs ?? 15_000);
    const headers = { ...BROWSER, origin, 'content-type': FORM, ...length, ...body.headers };
    const post = http.request(new URL(path, origin), { method: 'POST', headers }, (response) => {
      let html = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (html += chunk));
      response.on('end', () => {
        clearTimeout(timer);
        post.destroy();
        resolve({ status: response.statusCode ?? 0, html });
      });
    });
    // The server may close the connection once it has answered: the writes after that fail, as they should.
    post.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
    post.write(prefix);
    let sent = prefix.length;
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (sent < body.total && !post.destroyed) {
        sent += chunk.length;
        if (!post.write(sent > body.total ? chunk.subarray(0, chunk.length - (sent - body.total)) : chunk)) return void post.once('drain', pump);
      }
      if (body.end && !post.destroyed) post.end();
    };
    pump();
  });
}

test.describe('page posts: body limit', () => {
  // Posting 8 MB in full to a Worker that refuses it, on a busy 2-core machine, can take a while.
  test.describe.configure({ timeout: 120_000 });
  test('a declared body over 64 KiB is refused with 413 before it is read, with an error page in the reader language, form or JSON, on every page that takes a post', async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const cases: { path: string; language: keyof typeof TOO_LARGE; headers: Record<string, string> }[] = [
      { path: '/it-IT/assistenza/invia', language: 'it', headers: {} },
      { path: '/en-US/assistenza/invia', language: 'en', headers: { 'content-type': 'application/json' } },
      // The sign-in page has no locale in its path: the remembered one chooses.
      { path: '/tiles-access', language: 'de', headers: { cookie: 't-lc=de-DE' } },
      { path: '/tiles-access', language: 'it', headers: { 'content-type': 'text/plain' } },
      { path: '/it-IT/logout', language: 'it', headers: {} },
      { path: '/en-US/profile/user-data', language: 'en', headers: {} },
    ];
    for (const { path, language, headers } of cases) {
      // 8 MB declared, 256 KiB sent, and the body never finished: a server reading it whole would never answer.
      const answer = await rawPost(origin, path, { total: 4 * LIMIT, declared: BIG, end: false, prefix: 'c=', headers });
      expect(answer, `${path}: no answer while the body was still open`).not.toBeNull();
      expect(answer?.status, path).toBe(413);
      expect(errorScreen(answer?.html ?? ''), `${path} (${JSON.stringify(headers)})`).toEqual(TOO_LARGE[language]);
    }
    // Sent in full, the same answer.
    const whole = await rawPost(origin, '/it-IT/assistenza/invia', { total: BIG, declared: BIG, end: true, prefix: 'c=', waitMs: 40_000 });
    expect(whole?.status).toBe(413);
    // Exactly at the limit is not over it: the support page reads the form and names what is missing.
    const atLimit = await request.post('/it-IT/assistenza/invia', {
      headers: { ...BROWSER, origin, 'content-type': FORM },
      data: `c=${'a'.repeat(LIMIT - 2)}`,
      maxRedirects: 0,
    });
    expect(atLimit.status()).toBe(400);
  });

  test('a chunked body (no Content-Length) is counted as it arrives: the answer is 413 before the client has finished sending', async ({ baseURL }) => {
    const origin = baseURL ?? '';
    for (const path of ['/it-IT/assistenza/invia', '/tiles-access']) {
      // 256 KiB sent and the request never ended: waiting for the whole body would never answer.
      const answer = await rawPost(origin, path, { total: 4 * LIMIT, declared: null, end: false, prefix: 'c=' });
      expect(answer, `${path}: no answer while the body was still open`).not.toBeNull();
      expect(answer?.status, path).toBe(413);
      expect(errorScreen(answer?.html ?? '')).toEqual(TOO_LARGE.it);
    }
    // 8 MB sent in full: refused all the same, never a 500.
    const whole = await rawPost(origin, '/en-US/assistenza/invia', { total: BIG, declared: null, end: true, prefix: 'c=', waitMs: 40_000 });
    expect(whole?.status).toBe(413);
    expect(errorScreen(whole?.html ?? '')).toEqual(TOO_LARGE.en);
  });

  test('a chunked form within the limit reaches the page whole', async ({ baseURL }) => {
    const origin = baseURL ?? '';
    const code = `chunked.${Date.now()}`;
    // From an address of its own: a failed sign-in makes the next ones from its address closer to the bot check.
    const answer = await rawPost(origin, '/tiles-access', {
      total: 0,
      declared: null,
      end: true,
      prefix: `cu=${code}&cp=${'x'.repeat(20)}`,
      headers: { 'cf-connecting-ip': '203.0.113.140' },
    });
    // The page read the code typed: it shows it again beside the refusal of the credentials.
    expect(answer?.status).toBe(401);
    expect(answer?.html).toContain(`value="${code}"`);
  });
});

test.describe('page posts: same origin', () => {
  test('a JSON post from another site changes nothing: logout and user data answer 403 in the reader language and the session stays', async ({
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    await signInByForm(request, origin);
    const json = { ...BROWSER, 'content-type': 'application/json' };
    const logout = await request.post('/en-US/logout', {
      headers: { ...json, origin: 'https://evil.example' },
      data: { scope: 'everywhere' },
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(403);
    expect(errorScreen(await logout.text())).toEqual(CROSS_SITE.en);
    const userData = await request.post('/de-DE/profile/user-data', {
      headers: { ...json, origin: 'https://evil.example' },
      data: { firstName: 'Mallory' },
      maxRedirects: 0,
    });
    expect(userData.status()).toBe(403);
    expect(errorScreen(await userData.text())).toEqual(CROSS_SITE.de);
    // Without Origin, the browser's Sec-Fetch-Site says where the post came from.
    const fetchSite = await request.post('/it-IT/logout', { headers: { ...json, 'sec-fetch-site': 'cross-site' }, data: {}, maxRedirects: 0 });
    expect(fetchSite.status()).toBe(403);
    expect(errorScreen(await fetchSite.text())).toEqual(CROSS_SITE.it);
    // Still signed in: the profile shows, and the learner's name was not changed.
    const profile = await request.get('/it-IT/profile/user-data', { maxRedirects: 0 });
    expect(profile.status()).toBe(200);
    expect(await profile.text()).not.toContain('Mallory');
    // A same-origin post still signs out.
    const own = await request.post('/it-IT/logout', { headers: { ...BROWSER, origin }, form: {}, maxRedirects: 0 });
    expect(own.status()).toBe(303);
    expect((await request.get('/it-IT/profile', { maxRedirects: 0 })).status()).toBe(302);
  });

  test('form posts from another site get the same localized refusal, on sign-in and support too', async ({ request }) => {
    const evil = { ...BROWSER, origin: 'https://evil.example' };
    const signIn = await request.post('/tiles-access', {
      headers: { ...evil, cookie: 't-lc=en-US' },
      form: { cu: LEARNER.code, cp: LEARNER.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(403);
    expect(signIn.headers()['set-cookie'] ?? '').not.toContain('t-ssid');
    expect(errorScreen(await signIn.text())).toEqual(CROSS_SITE.en);
    const support = await request.post('/it-IT/assistenza/invia', {
      headers: { ...evil, 'content-type': 'application/json' },
      data: { e: 'x' },
      maxRedirects: 0,
    });
    expect(support.status()).toBe(403);
    expect(errorScreen(await support.text())).toEqual(CROSS_SITE.it);
  });
});

test('a post to a pre-rendered page is refused with 405, naming the methods it answers, and the security headers', async ({ request }) => {
  const answer = await request.post('/it-IT/privacy', { headers: { ...BROWSER, 'content-type': FORM }, data: 'a=1' });
  expect(answer.status()).toBe(405);
  expect(answer.headers()['allow']).toBe('GET, HEAD');
  expect(answer.headers()['content-security-policy']).toContain("default-src 'self'");
  expect((await request.get('/it-IT/privacy')).status()).toBe(200);
});
