import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESERVED_PATHS } from '../../../core/reserved-paths.ts';
import { FIXED_CONTENT_KEYS, isDocumentKey } from '../../../core/cms-document.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, TESTER } from '../fixtures.ts';

beforeAll(seedFixtures);
afterEach(() => vi.restoreAllMocks());

const livePrivacy = async (locale: string) =>
  env.DB.prepare("SELECT title, body FROM page WHERE site_id = 'tiles-demo' AND locale = ? AND kind = 'content' AND slug = 'privacy'")
    .bind(locale)
    .first<{ title: string; body: string }>();
const edit = {
  title: 'Informativa privacy aggiornata',
  description: 'Come trattiamo i dati, aggiornato.',
  body: [
    { type: 'h2', text: 'Titolare' },
    { type: 'p', text: 'Testo nuovo.' },
  ],
};
const PRIVACY = '/api/cms/documents/content/it-IT/privacy';
const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n;

interface View<F> {
  live: F | null;
  draft: { fields: F; author: string } | null;
  versions: { id: number; status: string; author: string; fields: F }[];
}

describe('CMS calls are role-checked', () => {
  it('answers 401 to visitors and 403 with a clear message to learners', async () => {
    const learner = await signIn(LEARNER);
    const calls: [string, string, unknown?][] = [
      ['GET', PRIVACY],
      ['PUT', PRIVACY, edit],
      ['PUT', '/api/cms/documents/course/it-IT/triage', { title: 'x', summary: 'x', description: 'x' }],
      ['DELETE', PRIVACY],
      ['GET', '/api/cms/drafts?locale=it-IT'],
      ['POST', '/api/cms/versions/1/revert'],
      ['POST', '/api/cms/publish'],
      ['GET', '/api/cms/builds'],
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
    expect((await call(PRIVACY, { cookie: tester })).status).toBe(200);
    expect((await call('/api/cms/drafts?locale=it-IT', { cookie: tester })).status).toBe(200);
    expect((await call(PRIVACY, { method: 'PUT', body: edit, cookie: tester })).status).toBe(403);
    expect((await call('/api/cms/publish', { method: 'POST', cookie: tester })).status).toBe(403);
  });
});

describe('editing, publishing and reverting', () => {
  it('keeps a draft apart from the live page until it is published, with versions, events and a queued build', async () => {
    const editor = await signIn(EDITOR);
    const saved = await outcome<View<typeof edit>>(await call(PRIVACY, { method: 'PUT', body: edit, cookie: editor }));
    expect(saved.live?.title).toBe('Informativa privacy');
    expect(saved.draft).toMatchObject({ fields: { title: edit.title }, author: 'Edoardo Prova' });
    expect(saved.versions[0]).toMatchObject({ status: 'draft', author: 'Edoardo Prova' });
    expect((await livePrivacy('it-IT'))?.title).toBe('Informativa privacy');

    const tester = await signIn(TESTER);
    const drafts = await outcome<{ kind: string; key: string; fields: { title: string } }[]>(await call('/api/cms/drafts?locale=it-IT', { cookie: tester }));
    expect(drafts).toContainEqual(expect.objectContaining({ kind: 'content', key: 'privacy', fields: expect.objectContaining({ title: edit.title }) }));
    expect(await outcome<unknown[]>(await call('/api/cms/drafts?locale=en-US', { cookie: tester }))).toEqual([]);

    const published = await outcome<{ requestId: number; documents: number; build: { status: string; runner: string; requestedBy: string } }>(
      await call('/api/cms/publish', { method: 'POST', cookie: editor }),
    );
    expect(published.documents).toBe(1);
    expect(published.build).toMatchObject({ status: 'queued', runner: 'local', requestedBy: 'Edoardo Prova' });
    expect((await livePrivacy('it-IT'))?.title).toBe(edit.title);
    expect(JSON.parse((await livePrivacy('it-IT'))?.body ?? '[]')).toEqual(edit.body);
    expect((await livePrivacy('en-US'))?.title).toBe('Privacy notice');
    const builds = await outcome<{ id: number; status: string }[]>(await call('/api/cms/builds', { cookie: editor }));
    expect(builds[0]).toMatchObject({ id: published.requestId, status: 'queued' });

    const view = await outcome<View<typeof edit>>(await call(PRIVACY, { cookie: editor }));
    expect(view.draft).toBeNull();
    const before = view.versions.find((version) => version.status === 'live-before');
    expect(before?.fields.title).toBe('Informativa privacy');

    const reverted = await outcome<View<typeof edit>>(await call(`/api/cms/versions/${before?.id}/revert`, { method: 'POST', cookie: editor }));
    expect(reverted.draft?.fields.title).toBe('Informativa privacy');
    await call('/api/cms/publish', { method: 'POST', cookie: editor });
    expect((await livePrivacy('it-IT'))?.title).toBe('Informativa privacy');

    const events = await env.DB.prepare("SELECT action || '.' || variant || '.' || scope AS name FROM event WHERE user_id = ? AND action = 'cms' ORDER BY id")
      .bind(EDITOR.id)
      .all<{ name: string }>();
    expect(events.results.map((e) => e.name)).toEqual([
      'cms.page.edit',
      'cms.site.publish',
      'cms.page.publish',
      'cms.page.revert',
      'cms.site.publish',
      'cms.page.publish',
    ]);
  });

  it('edits course texts, category names and interface strings per locale, and publishes them together', async () => {
    const editor = await signIn(EDITOR);
    const course = { title: 'Triage avanzato', summary: 'Il triage, rivisto.', description: 'Descrizione nuova del corso.' };
    expect((await call('/api/cms/documents/course/it-IT/triage', { method: 'PUT', body: course, cookie: editor })).status).toBe(200);
    expect(
      (await call('/api/cms/documents/category/en-US/cat-rischio', { method: 'PUT', body: { name: 'Patient safety', description: 'Risk.' }, cookie: editor }))
        .status,
    ).toBe(200);
    const dropped = await outcome<View<typeof course>>(await call('/api/cms/documents/course/en-US/triage', { method: 'PUT', body: course, cookie: editor }));
    expect(dropped.draft).not.toBeNull();
    expect((await outcome<View<typeof course>>(await call('/api/cms/documents/course/en-US/triage', { method: 'DELETE', cookie: editor }))).draft).toBeNull();
    const string = await outcome<View<{ text: string }>>(
      await call('/api/cms/documents/boilerplate/de-DE/nav.home', { method: 'PUT', body: { text: 'Startseite (neu)' }, cookie: editor }),
    );
    expect(string).toMatchObject({ live: { text: 'Startseite' }, draft: { fields: { text: 'Startseite (neu)' } } });

    const published = await outcome<{ documents: number }>(await call('/api/cms/publish', { method: 'POST', cookie: editor }));
    expect(published.documents).toBe(3);
    expect(await env.DB.prepare("SELECT title, summary, description FROM course_text WHERE course_id = 'triage' AND locale = 'it-IT'").first()).toEqual(course);
    expect(await env.DB.prepare("SELECT title FROM course_text WHERE course_id = 'triage' AND locale = 'en-US'").first()).toBeNull();
    expect(await env.DB.prepare("SELECT name FROM category_text WHERE category_id = 'cat-rischio' AND locale = 'en-US'").first()).toEqual({
      name: 'Patient safety',
    });
    expect(await env.DB.prepare("SELECT name FROM category_text WHERE category_id = 'cat-rischio' AND locale = 'it-IT'").first()).toEqual({
      name: 'Rischio clinico',
    });
    expect(await env.DB.prepare("SELECT text FROM boilerplate WHERE key = 'nav.home' AND locale = 'de-DE'").first()).toEqual({ text: 'Startseite (neu)' });
    expect(await env.DB.prepare("SELECT text FROM boilerplate WHERE key = 'nav.home' AND locale = 'it-IT'").first()).toEqual({ text: 'Home' });
  });

  it('refuses invalid edits with a clear 400 or 404, and changes nothing', async () => {
    const editor = await signIn(EDITOR);
    const [versions, drafts] = [await count('cms_version'), await count('cms_draft')];
    for (const [path, body, field] of [
      [PRIVACY, { ...edit, title: '' }, 'title'],
      [PRIVACY, { ...edit, body: [] }, 'body'],
      [PRIVACY, { ...edit, body: [{ type: 'script', text: 'x' }] }, 'body.0.type'],
      ['/api/cms/documents/course/it-IT/triage', { title: 'Triage', summary: '' }, 'summary'],
      ['/api/cms/documents/category/it-IT/cat-rischio', { description: 'x' }, 'name'],
      ['/api/cms/documents/boilerplate/it-IT/nav.home', { text: 42 }, 'text'],
    ] as const) {
      const response = await call(path, { method: 'PUT', body, cookie: editor });
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toContain(`«${field}»`);
    }
    expect((await call('/api/cms/documents/content/fr-FR/privacy', { method: 'PUT', body: edit, cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/documents/secret/it-IT/privacy', { cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/documents/content/it-IT/..%2Fetc', { cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/drafts?locale=xx', { cookie: editor })).status).toBe(400);
    const missing = await call('/api/cms/documents/course/it-IT/corso-inesistente', {
      method: 'PUT',
      body: { title: 'x', summary: 'x', description: 'x' },
      cookie: editor,
    });
    expect(missing.status).toBe(404);
    expect((await missing.json<{ message: string }>()).message).toBe('Contenuto non trovato: course «corso-inesistente»');
    expect((await call('/api/cms/versions/99999/revert', { method: 'POST', cookie: editor })).status).toBe(404);
    expect([await count('cms_version'), await count('cms_draft')]).toEqual([versions, drafts]);
  });

  it('keeps the placeholders of interface strings: a string that loses or invents one is refused', async () => {
    const editor = await signIn(EDITOR);
    await env.DB.prepare("INSERT OR IGNORE INTO boilerplate VALUES ('tiles-demo', 'catalogue.count', 'it-IT', '{count} corsi')").run();
    const lost = await call('/api/cms/documents/boilerplate/it-IT/catalogue.count', { method: 'PUT', body: { text: 'Molti corsi {total}' }, cookie: editor });
    expect(lost.status).toBe(400);
    expect((await lost.json<{ message: string }>()).message).toBe(
      'Il testo deve mantenere i segnaposto del testo pubblicato. Mancano: {count}. Sconosciuti: {total}.',
    );
    expect(
      (await call('/api/cms/documents/boilerplate/it-IT/catalogue.count', { method: 'PUT', body: { text: 'Corsi trovati: {count}' }, cookie: editor })).status,
    ).toBe(200);
    expect((await call('/api/cms/documents/boilerplate/it-IT/chiave.inventata', { method: 'PUT', body: { text: 'x' }, cookie: editor })).status).toBe(404);
  });
});

describe('page keys that would shadow a route', () => {
  it("refuses to save a content page named after a route, a public file or a build path, naming the key in the caller's language", async () => {
    const editor = await signIn(EDITOR);
    const [versions, drafts] = [await count('cms_version'), await count('cms_draft')];
    for (const key of ['logout', 'profile', 'course', 'test', 'tiles-access']) {
      const refused = await call(`/api/cms/documents/content/it-IT/${key}`, { method: 'PUT', body: edit, cookie: editor });
      expect(refused.status, key).toBe(400);
      expect(await refused.json()).toEqual({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: `La chiave «${key}» è riservata: è già un indirizzo del sito. Scegline un'altra.`,
      });
    }
    const english = await call('/api/cms/documents/content/en-US/logout', { method: 'PUT', body: edit, cookie: editor, locale: 'en-US' });
    expect((await english.json<{ message: string }>()).message).toBe('The key "logout" is reserved: the site already uses that address. Choose another one.');
    // Every reserved name a content key could spell is refused, the fixed content pages excepted.
    for (const key of RESERVED_PATHS.filter((name) => isDocumentKey('content', name) && !FIXED_CONTENT_KEYS.includes(name))) {
      expect((await call(`/api/cms/documents/content/de-DE/${key}`, { method: 'PUT', body: edit, cookie: editor })).status, key).toBe(400);
    }
    expect([await count('cms_version'), await count('cms_draft')]).toEqual([versions, drafts]);
    // The same names stay free for the other kinds, which live under their own prefix.
    expect((await call('/api/cms/documents/pf/it-IT/logout', { method: 'PUT', body: edit, cookie: editor })).status).toBe(200);
    expect((await call('/api/cms/documents/pf/it-IT/logout', { method: 'DELETE', cookie: editor })).status).toBe(200);
  });

  it("refuses texts with control or invisible characters in the caller's language; a text area and a body keep their line breaks", async () => {
    const editor = await signIn(EDITOR);
    const [versions, drafts] = [await count('cms_version'), await count('cms_draft')];
    const refusals: [string, unknown, string, string][] = [
      [PRIVACY, { ...edit, title: 'Privacy\u202E' }, 'title', 'U+202E'],
      [PRIVACY, { ...edit, title: 'Privacy\ninformativa' }, 'title', 'U+000A'],
      [PRIVACY, { ...edit, body: [{ type: 'p', text: 'Testo\u0007 nuovo.' }] }, 'body.0.text', 'U+0007'],
      ['/api/cms/documents/boilerplate/it-IT/nav.home', { text: 'Ho\u200Bme' }, 'text', 'U+200B'],
      ['/api/cms/documents/course/it-IT/triage', { title: 'Triage', summary: 'Il triage.\u2066', description: 'Priorità.' }, 'summary', 'U+2066'],
    ];
    for (const [path, body, field, character] of refusals) {
      const refused = await call(path, { method: 'PUT', body, cookie: editor });
      expect(refused.status, field).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toBe(
        `Il campo «${field}» non è valido: contiene un carattere di controllo o invisibile (${character}), non ammesso: toglilo e riprova.`,
      );
    }
    expect([await count('cms_version'), await count('cms_draft')]).toEqual([versions, drafts]);
    const lines = { ...edit, description: 'Riga uno\nriga due', body: [{ type: 'p', text: 'Paragrafo\r\ncon a capo.' }] };
    const saved = await outcome<View<typeof lines>>(await call('/api/cms/documents/content/en-US/righe', { method: 'PUT', body: lines, cookie: editor }));
    expect(saved.draft?.fields).toEqual(lines);
    await call('/api/cms/documents/content/en-US/righe', { method: 'DELETE', cookie: editor });
  });

  it('refuses a content page at an old address the route rules redirect (catalogo, about, login…): it would never show', async () => {
    const editor = await signIn(EDITOR);
    const [versions, drafts] = [await count('cms_version'), await count('cms_draft')];
    for (const key of ['catalogo', 'catalogo-no-ecm', 'about', 'support', 'login']) {
      const refused = await call(`/api/cms/documents/content/it-IT/${key}`, { method: 'PUT', body: edit, cookie: editor });
      expect(refused.status, key).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toBe(`La chiave «${key}» è riservata: è già un indirizzo del sito. Scegline un'altra.`);
    }
    const english = await call('/api/cms/documents/content/en-US/catalogo', { method: 'PUT', body: edit, cookie: editor, locale: 'en-US' });
    expect(english.status).toBe(400);
    expect((await english.json<{ message: string }>()).message).toBe('The key "catalogo" is reserved: the site already uses that address. Choose another one.');
    expect([await count('cms_version'), await count('cms_draft')]).toEqual([versions, drafts]);
    // The homepage's own content keeps its key: its route is the one that shows it.
    expect((await call('/api/cms/documents/content/it-IT/home', { method: 'PUT', body: edit, cookie: editor })).status).toBe(200);
    expect((await call('/api/cms/documents/content/it-IT/home', { method: 'DELETE', cookie: editor })).status).toBe(200);
  });

  it('holds back a publish whose drafts include such a key (saved before the rule), publishing nothing', async () => {
    const editor = await signIn(EDITOR);
    await env.DB.prepare(
      "INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES ('tiles-demo', 'it-IT', 'content', 'logout', ?, ?, ?)",
    )
      .bind(JSON.stringify(edit), EDITOR.id, Date.now())
      .run();
    const [requests, pages] = [await count('build_request'), await count('page')];
    const refused = await call('/api/cms/publish', { method: 'POST', cookie: editor });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toContain('«logout»');
    expect([await count('build_request'), await count('page')]).toEqual([requests, pages]);
    await call('/api/cms/documents/content/it-IT/logout', { method: 'DELETE', cookie: editor });
  });

  it('holds back a publish whose stored draft breaks its contract (a hidden character saved before the rule), naming it', async () => {
    const editor = await signIn(EDITOR);
    await env.DB.prepare(
      "INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at) VALUES ('tiles-demo', 'it-IT', 'content', 'nascosta', ?, ?, ?)",
    )
      .bind(JSON.stringify({ ...edit, title: 'Titolo\u202E' }), EDITOR.id, Date.now())
      .run();
    const [requests, pages] = [await count('build_request'), await count('page')];
    const refused = await call('/api/cms/publish', { method: 'POST', cookie: editor });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toMatch(
      /^it-IT\/content\/nascosta: Il campo «title» non è valido: contiene un carattere di controllo o invisibile \(U\+202E\)/,
    );
    expect([await count('build_request'), await count('page')]).toEqual([requests, pages]);
    await call('/api/cms/documents/content/it-IT/nascosta', { method: 'DELETE', cookie: editor });
  });
});

describe('a publish whose build fails', () => {
  const token = 'build-worker-token-for-the-api-tests-0123456789';
  const worker = (path: string, body: unknown = {}) =>
    call(path, { method: 'POST', body, headers: { 'x-build-worker': token }, env: { BUILD_WORKER_TOKEN: token } });
  /** Claims requests as the build worker does, oldest first, until it holds this one; older ones go live. */
  async function claim(requestId: number): Promise<void> {
    for (;;) {
      const claimed = await outcome<{ id: number } | null>(await worker('/api/cms/builds/claim'));
      if (!claimed) throw new Error(`request ${requestId} was not queued`);
      if (claimed.id === requestId) return;
      await worker(`/api/cms/builds/${claimed.id}/finish`, { status: 'live', buildId: `build-${claimed.id}` });
    }
  }
  const liveCourse = (locale: string) =>
    env.DB.prepare("SELECT title FROM course_text WHERE course_id = 'triage' AND locale = ?").bind(locale).first<{ title: string }>();

  it('is rolled back: the live texts are as they were, so static and on-demand pages agree, and the edits come back as drafts', async () => {
    const editor = await signIn(EDITOR);
    const before = { privacy: await livePrivacy('it-IT'), course: await liveCourse('it-IT'), pages: await count('page') };
    const scripted = { ...edit, description: 'Con <script>alert(1)</script> come testo.' };
    const course = { title: 'Triage (non pubblicato)', summary: 'Riassunto.', description: 'Descrizione.' };
    expect((await call(PRIVACY, { method: 'PUT', body: scripted, cookie: editor })).status).toBe(200);
    expect((await call('/api/cms/documents/content/it-IT/pagina-nuova', { method: 'PUT', body: edit, cookie: editor })).status).toBe(200);
    expect((await call('/api/cms/documents/course/it-IT/triage', { method: 'PUT', body: course, cookie: editor })).status).toBe(200);
    const { requestId } = await outcome<{ requestId: number }>(await call('/api/cms/publish', { method: 'POST', cookie: editor }));
    expect((await livePrivacy('it-IT'))?.title).toBe(edit.title);

    await claim(requestId);
    expect((await worker(`/api/cms/builds/${requestId}/finish`, { status: 'failed', error: 'astro build failed' })).status).toBe(200);

    expect(await livePrivacy('it-IT')).toEqual(before.privacy);
    expect(await liveCourse('it-IT')).toEqual(before.course);
    expect(await count('page')).toBe(before.pages);
    const drafts = await outcome<{ kind: string; key: string; fields: Record<string, string> }[]>(
      await call('/api/cms/drafts?locale=it-IT', { cookie: editor }),
    );
    expect(drafts.map((draft) => `${draft.kind}/${draft.key}`)).toEqual(expect.arrayContaining(['content/pagina-nuova', 'content/privacy', 'course/triage']));
    expect(drafts.find((draft) => draft.key === 'privacy')?.fields.description).toBe(scripted.description);
    expect(await outcome<{ status: string; error: string }>(await call(`/api/cms/builds/${requestId}`, { cookie: editor }))).toMatchObject({
      status: 'failed',
      error: 'astro build failed',
    });
    const event = await env.DB.prepare("SELECT subject FROM event WHERE action = 'cms' AND variant = 'site' AND scope = 'rollback' ORDER BY id DESC").first();
    expect(event).toEqual({ subject: `build#${requestId}` });

    // Published again and built, the texts go live and stay.
    const again = await outcome<{ requestId: number }>(await call('/api/cms/publish', { method: 'POST', cookie: editor }));
    await claim(again.requestId);
    await worker(`/api/cms/builds/${again.requestId}/finish`, { status: 'live', buildId: 'build-ok' });
    expect((await livePrivacy('it-IT'))?.title).toBe(edit.title);
    expect(await liveCourse('it-IT')).toEqual({ title: course.title });
  });

  it('leaves alone a text that a later publish put live meanwhile', async () => {
    const editor = await signIn(EDITOR);
    await call(PRIVACY, { method: 'PUT', body: { ...edit, title: 'Prima pubblicazione' }, cookie: editor });
    const first = await outcome<{ requestId: number }>(await call('/api/cms/publish', { method: 'POST', cookie: editor }));
    await claim(first.requestId);
    await call(PRIVACY, { method: 'PUT', body: { ...edit, title: 'Seconda pubblicazione' }, cookie: editor });
    await call('/api/cms/publish', { method: 'POST', cookie: editor });
    await worker(`/api/cms/builds/${first.requestId}/finish`, { status: 'failed', error: 'astro build failed' });
    expect((await livePrivacy('it-IT'))?.title).toBe('Seconda pubblicazione');
  });
});

describe('publishing in production', () => {
  it('hands the request to the configured deploy hook, and reports a hook that fails', async () => {
    const editor = await signIn(EDITOR);
    const hook = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('ok', { status: 200 }));
    const accepted = await outcome<{ requestId: number; build: { status: string; runner: string } }>(
      await call('/api/cms/publish', { method: 'POST', cookie: editor, env: { DEPLOY_HOOK_URL: 'https://deploy.example/hook' } }),
    );
    expect(hook).toHaveBeenCalledOnce();
    const [url, init] = hook.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://deploy.example/hook');
    expect(JSON.parse(String(init?.body))).toEqual({ requestId: accepted.requestId, siteId: 'tiles-demo' });
    expect(accepted.build).toMatchObject({ status: 'building', runner: 'hook' });

    hook.mockResolvedValueOnce(new Response('down', { status: 503, statusText: 'Service Unavailable' }));
    const refused = await outcome<{ build: { status: string; error: string; durationMs: number } }>(
      await call('/api/cms/publish', { method: 'POST', cookie: editor, env: { DEPLOY_HOOK_URL: 'https://deploy.example/hook' } }),
    );
    expect(refused.build).toMatchObject({ status: 'failed', error: 'Deploy hook answered 503 Service Unavailable' });
    expect(refused.build.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('publishing one course', () => {
  it("publishes that course's drafts in every language and leaves every other draft as it was", async () => {
    const editor = await signIn(EDITOR);
    const drafted = async (path: string, body: unknown) => expect((await call(path, { method: 'PUT', body, cookie: editor })).status).toBe(200);
    await drafted('/api/cms/documents/course/de-DE/triage', { title: 'Triage (neu)', summary: 'Triage.', description: 'Beschreibung.' });
    await drafted('/api/cms/documents/module/it-IT/triage.1', { title: 'Il processo, rivisto' });
    await drafted(PRIVACY, edit);
    const drafts = async () =>
      (await outcome<{ kind: string; key: string }[]>(await call('/api/cms/drafts', { cookie: editor }))).map((draft) => `${draft.kind} ${draft.key}`).sort();

    const published = await outcome<{ documents: number }>(await call('/api/cms/publish?course=triage', { method: 'POST', cookie: editor }));
    expect(published.documents).toBe(2);
    expect(await env.DB.prepare("SELECT title FROM module_text WHERE course_id = 'triage' AND number = 1 AND locale = 'it-IT'").first()).toEqual({
      title: 'Il processo, rivisto',
    });
    expect(await drafts()).toEqual(['content privacy']);
    expect((await livePrivacy('it-IT'))?.title).not.toBe(edit.title);

    // A course without drafts says so, in the editor's language; a malformed one is refused before anything is read.
    const nothing = await call('/api/cms/publish?course=triage', { method: 'POST', cookie: editor, locale: 'en-US' });
    expect(nothing.status).toBe(409);
    expect((await nothing.json<{ message: string }>()).message).toBe('The course "triage" has no drafts to publish.');
    expect((await call('/api/cms/publish?course=Triage!', { method: 'POST', cookie: editor })).status).toBe(400);
    expect(await drafts()).toEqual(['content privacy']);

    // Everything else goes with the site's publish.
    expect((await outcome<{ documents: number }>(await call('/api/cms/publish', { method: 'POST', cookie: editor }))).documents).toBe(1);
    expect((await livePrivacy('it-IT'))?.title).toBe(edit.title);
  });
});
