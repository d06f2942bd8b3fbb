import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, LEARNER, outcome, seedFixtures, SITE } from '../fixtures.ts';

beforeAll(seedFixtures);

const token = 'snapshot-test-build-worker-token-0123456789abcdef';
const workerEnv = { BUILD_WORKER_TOKEN: token };
const PATH = '/api/cms/builds/snapshot';

describe('GET /api/cms/builds/snapshot', () => {
  it('does not exist without the build worker token: the 404 of an unknown path', async () => {
    for (const headers of [{}, { 'x-build-worker': 'wrong-token-0123456789abcdef0123456789abcdef' }] as Record<string, string>[]) {
      for (const method of ['GET', 'POST']) {
        const response = await call(PATH, { method, env: workerEnv, headers, locale: 'en-US' });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', message: `Resource not found: ${PATH}` });
      }
    }
    // Not even with a token when the Worker has none configured.
    expect((await call(PATH, { headers: { 'x-build-worker': token } })).status).toBe(404);
  });

  it('answers the live content rows the pre-rendered pages read, and nothing about people', async () => {
    await env.DB.prepare(
      "INSERT OR REPLACE INTO page (site_id, locale, kind, slug, title, description, body, tiles, updated_at) VALUES (?, 'it-IT', 'content', 'snapshot-prova', 'L''ultima versione', '', '[]', NULL, ?)",
    )
      .bind(SITE, Date.now())
      .run();
    const response = await call(PATH, { env: workerEnv, headers: { 'x-build-worker': token } });
    expect(response.status).toBe(200);
    const { tables } = await outcome<{ tables: Record<string, Record<string, unknown>[]> }>(response);
    expect(Object.keys(tables)).toEqual([
      'site',
      'locale',
      'boilerplate',
      'category',
      'category_text',
      'course',
      'course_text',
      'module',
      'module_text',
      'session',
      'session_text',
      'page',
      'page_course',
    ]);
    expect(tables.site).toContainEqual(expect.objectContaining({ id: SITE }));
    expect(tables.page).toContainEqual(expect.objectContaining({ slug: 'snapshot-prova', title: "L'ultima versione" }));
    expect(tables.course).toContainEqual(expect.objectContaining({ id: 'triage' }));
    const text = JSON.stringify(tables);
    const user = await env.DB.prepare('SELECT password_hash FROM user WHERE id = ?').bind(LEARNER.id).first<{ password_hash: string }>();
    expect(user?.password_hash).toBeTruthy();
    for (const secret of [user?.password_hash ?? '?', LEARNER.code, 'password_hash', 'token']) expect(text).not.toContain(secret);
  });
});
