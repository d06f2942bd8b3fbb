import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, TESTER } from './fixtures.ts';

beforeAll(seedFixtures);

const livePrivacy = async (locale: string) =>
  env.DB.prepare("SELECT title, body FROM page WHERE site_id = 'tiles-demo' AND locale = ? AND kind = 'content' AND slug = 'privacy'").bind(locale).first<{ title: string; body: string }>();
const edit = { title: 'Informativa privacy aggiornata', description: 'Come trattiamo i dati, aggiornato.', body: [{ type: 'h2', text: 'Titolare' }, { type: 'p', text: 'Testo nuovo.' }] };

describe('CMS calls are role-checked', () => {
  it('answers 401 to visitors and 403 with a clear message to learners', async () => {
    const learner = await signIn(LEARNER);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/cms/page/content/it-IT/privacy'],
      ['PUT', '/api/cms/page/content/it-IT/privacy', edit],
      ['POST', '/api/cms/versions/1/revert'],
      ['POST', '/api/cms/publish'],
      ['GET', '/api/cms/builds/1'],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(path, { method, body })).status).toBe(401);
      const refused = await call(path, { method, body, cookie: learner });
      expect(refused.status).toBe(403);
      expect((await refused.json<{ message: string }>()).message).toMatch(/^Il tuo ruolo non consente questa operazione/);
    }
  });

  it('lets a tester read drafts but not edit or publish', async () => {
    const tester = await signIn(TESTER);
    expect((await call('/api/cms/page/content/it-IT/privacy', { cookie: tester })).status).toBe(200);
    expect((await call('/api/cms/page/content/it-IT/privacy', { method: 'PUT', body: edit, cookie: tester })).status).toBe(403);
    expect((await call('/api/cms/publish', { method: 'POST', cookie: tester })).status).toBe(403);
  });
});

describe('editing, publishing and reverting a page', () => {
  it('keeps a draft apart from the live page until it is published, with versions, events and a queued build', async () => {
    const editor = await signIn(EDITOR);
    const saved = await outcome<{ live: { title: string }; draft: { title: string; author: string }; versions: { status: string; author: string }[] }>(
      await call('/api/cms/page/content/it-IT/privacy', { method: 'PUT', body: edit, cookie: editor }),
    );
    expect(saved.live.title).toBe('Informativa privacy');
    expect(saved.draft).toMatchObject({ title: edit.title, author: 'Edoardo Prova' });
    expect(saved.versions[0]).toMatchObject({ status: 'draft', author: 'Edoardo Prova' });
    expect((await livePrivacy('it-IT'))?.title).toBe('Informativa privacy');

    const published = await outcome<{ requestId: number; pages: number }>(await call('/api/cms/publish', { method: 'POST', cookie: editor }));
    expect(published.pages).toBe(1);
    expect((await livePrivacy('it-IT'))?.title).toBe(edit.title);
    expect((await livePrivacy('en-US'))?.title).toBe('Privacy notice');
    const build = await outcome<{ status: string; requestedAt: string }>(await call(`/api/cms/builds/${published.requestId}`, { cookie: editor }));
    expect(build.status).toBe('queued');

    const view = await outcome<{ draft: null; versions: { id: number; status: string; title: string }[] }>(await call('/api/cms/page/content/it-IT/privacy', { cookie: editor }));
    expect(view.draft).toBeNull();
    const before = view.versions.find((version) => version.status === 'live-before');
    expect(before?.title).toBe('Informativa privacy');

    const reverted = await outcome<{ draft: { title: string } }>(await call(`/api/cms/versions/${before?.id}/revert`, { method: 'POST', cookie: editor }));
    expect(reverted.draft.title).toBe('Informativa privacy');
    await call('/api/cms/publish', { method: 'POST', cookie: editor });
    expect((await livePrivacy('it-IT'))?.title).toBe('Informativa privacy');

    const events = await env.DB.prepare("SELECT action || '.' || variant || '.' || scope AS name FROM event WHERE user_id = ? ORDER BY id").bind(EDITOR.id).all<{ name: string }>();
    expect(events.results.map((e) => e.name)).toEqual(['cms.page.edit', 'cms.site.publish', 'cms.page.revert', 'cms.site.publish']);
  });

  it('refuses invalid edits with 400 naming the field, and changes nothing', async () => {
    const editor = await signIn(EDITOR);
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM content_version').first<{ n: number }>();
    for (const [body, field] of [
      [{ ...edit, title: '' }, 'title'],
      [{ ...edit, body: [] }, 'body'],
      [{ ...edit, body: [{ type: 'script', text: 'x' }] }, 'body.0.type'],
    ] as const) {
      const response = await call('/api/cms/page/content/it-IT/privacy', { method: 'PUT', body, cookie: editor });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toContain(`«${field}»`);
    }
    expect((await call('/api/cms/page/content/fr-FR/privacy', { method: 'PUT', body: edit, cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/page/secret/it-IT/privacy', { cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/versions/99999/revert', { method: 'POST', cookie: editor })).status).toBe(404);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM content_version').first<{ n: number }>()).toEqual(before);
  });
});
