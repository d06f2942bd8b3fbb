import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../functions/auth/password.ts';
import { LEARNER, SITE, seedFixtures, signIn, TESTER } from '../fixtures.ts';

// 1,000 bytes that say where they are: byte i is i % 251, so a wrong slice shows.
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const KEY = 'test/clip.webm';
let etag = '';
let cookie = '';

beforeAll(async () => {
  await seedFixtures();
  etag = (await env.MEDIA.put(KEY, BYTES, { httpMetadata: { contentType: 'video/webm' } })).httpEtag;
  await env.MEDIA.put('test/clip.it-IT.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nCiao\n', { httpMetadata: { contentType: 'text/vtt; charset=utf-8' } });
  // A published video session plays the clip: its file is a course medium a learner may have.
  await env.DB.prepare(
    `UPDATE session SET media_url = '/media/${KEY}', captions = '{"it-IT":"/media/test/clip.it-IT.vtt"}' WHERE course_id = 'triage' AND module_number = 1 AND number = 2`,
  ).run();
  cookie = await signIn(LEARNER);
});

/** Asks the test Worker for a medium, as the browser's <video> does: no API headers, only cookies. */
function media(path: string, options: { cookie?: string; headers?: Record<string, string>; method?: string } = {}) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('cookie', options.cookie);
  return exports.default.fetch(`http://localhost/media/${path}`, { method: options.method ?? 'GET', headers });
}

const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('course media', () => {
  it('are refused to a visitor with a plain 401 in the locale cookie language, never cached, whatever the object', async () => {
    for (const path of [KEY, 'inesistente.webm']) {
      const response = await media(path);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe('Sessione assente o scaduta: accedi di nuovo.');
    }
    const english = await media(KEY, { headers: { cookie: 't-lc=en-US' } });
    expect(await english.text()).toBe('No valid session: please sign in again.');
    // A forged or expired session cookie is a visitor too.
    expect((await media(KEY, { cookie: 't-ssid=forged' })).status).toBe(401);
  });

  it('are refused with 403 to a signed-in user whose roles do not read courses', async () => {
    const now = Date.now();
    const user = { code: 'api.media.noroles', password: 'Api-Learner-2026!' };
    await env.DB.prepare(
      "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES ('u-media-noroles', ?, ?, ?, 'Senza', 'Ruoli', 'f', 'it-IT', '[]', ?, ?)",
    )
      .bind(SITE, user.code, await hashPassword(user.password, env.PASSWORD_PEPPER, 1000), now, now)
      .run();
    const response = await media(KEY, { cookie: await signIn(user) });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('Il tuo ruolo non consente questa operazione (course:read).');
  });

  it('are served whole to a signed-in learner, with their type, ETag, byte ranges and private caching only', async () => {
    const response = await media(KEY, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('content-length')).toBe('1000');
    const caching = response.headers.get('cache-control') ?? '';
    expect(caching).toMatch(/^private, max-age=\d+$/);
    expect(caching).not.toContain('public');
    expect(await bytes(response)).toEqual(BYTES);
    const captions = await media('test/clip.it-IT.vtt', { cookie });
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await captions.text()).toContain('WEBVTT');
  });

  it('answer a byte range with 206 and exactly those bytes', async () => {
    const response = await media(KEY, { cookie, headers: { range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(response.headers.get('etag')).toBe(etag);
    expect(await bytes(response)).toEqual(BYTES.slice(100, 200));

    const open = await media(KEY, { cookie, headers: { range: 'bytes=990-' } });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(await bytes(open)).toEqual(BYTES.slice(990));

    // Past the end is cut at the end.
    const long = await media(KEY, { cookie, headers: { range: 'bytes=900-5000' } });
    expect(long.headers.get('content-range')).toBe('bytes 900-999/1000');
    expect(await bytes(long)).toEqual(BYTES.slice(900));
  });

  it('answer a suffix range with the last bytes', async () => {
    const response = await media(KEY, { cookie, headers: { range: 'bytes=-10' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(await bytes(response)).toEqual(BYTES.slice(990));
  });

  it('refuse a range past the end with 416 and the size, and serve malformed or multiple ranges whole', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const response = await media(KEY, { cookie: `${cookie}; t-lc=en-US`, headers: { range } });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */1000');
      expect(await response.text()).toBe('Byte range not available: the file is 1000 bytes long.');
    }
    for (const range of ['bytes=5-2', 'bytes=0-1,5-6', 'items=0-1', 'bytes=abc']) {
      const response = await media(KEY, { cookie, headers: { range } });
      expect(response.status, range).toBe(200);
      expect(await bytes(response)).toEqual(BYTES);
    }
  });

  it('answer 304 to a browser that has the version, and the whole object to a range of another version', async () => {
    expect((await media(KEY, { cookie, headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await media(KEY, { cookie, headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await media(KEY, { cookie, headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const same = await media(KEY, { cookie, headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(same.status).toBe(206);
    const changed = await media(KEY, { cookie, headers: { range: 'bytes=0-9', 'if-range': '"an-older-version"' } });
    expect(changed.status).toBe(200);
    expect(await bytes(changed)).toEqual(BYTES);
  });

  it('answer HEAD with the headers alone, and refuse other methods', async () => {
    const head = await media(KEY, { cookie, method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe('bytes 0-9/1000');
    expect(await head.text()).toBe('');
    const post = await media(KEY, { cookie, method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answer 404 for an unknown or malformed key, in plain text', async () => {
    for (const path of ['inesistente.webm', 'test/', 'test/%2e%2e/clip.webm', '.hidden']) {
      const response = await media(path, { cookie });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    }
    expect(await (await media('inesistente.webm', { cookie })).text()).toBe('Contenuto multimediale non trovato: inesistente.webm');
  });

  it("never serve a learner a draft's file: one no published session uses, a removed module's, a withdrawn course's; editors and testers have them", async () => {
    await env.MEDIA.put('test/draft.webm', BYTES, { httpMetadata: { contentType: 'video/webm' } });
    await env.MEDIA.put('test/removed.pdf', BYTES, { httpMetadata: { contentType: 'application/pdf' } });
    await env.DB.prepare("UPDATE session SET media_url = '/media/test/removed.pdf' WHERE course_id = 'triage' AND module_number = 2 AND number = 1").run();
    const tester = await signIn(TESTER);
    const statuses = async (path: string) => [(await media(path, { cookie })).status, (await media(path, { cookie: tester })).status];
    // Uploaded for a course not yet published: no session names it.
    expect(await statuses('test/draft.webm')).toEqual([404, 200]);
    const refused = await media('test/draft.webm', { cookie, headers: { range: 'bytes=0-9' } });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe('Contenuto multimediale non trovato: test/draft.webm');
    // The PDF of a module while it is published, then once the module is removed.
    expect(await statuses('test/removed.pdf')).toEqual([200, 200]);
    await env.DB.prepare("UPDATE module SET removed_at = ? WHERE course_id = 'triage' AND number = 2").bind(Date.now()).run();
    expect(await statuses('test/removed.pdf')).toEqual([404, 200]);
    await env.DB.prepare("UPDATE module SET removed_at = NULL WHERE course_id = 'triage' AND number = 2").run();
    // A withdrawn course's video.
    await env.DB.prepare("UPDATE course SET withdrawn_at = ? WHERE id = 'triage'").bind(Date.now()).run();
    expect(await statuses(KEY)).toEqual([404, 200]);
    await env.DB.prepare("UPDATE course SET withdrawn_at = NULL WHERE id = 'triage'").run();
    expect(await statuses(KEY)).toEqual([200, 200]);
  });
});
