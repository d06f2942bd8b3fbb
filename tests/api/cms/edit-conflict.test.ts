import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorView } from '../../../core/contracts/cms.ts';
import type { CourseStructure } from '../../../core/contracts/cms-structure.ts';
import type { Outline } from '../../../core/course-outline.ts';
import { discardDraftOnBase, readSaveBase, saveDraft, saveDraftOnBase, type DocumentRef } from '../../../functions/data/cms/documents.ts';
import { eventIfChangedStatement, eventStatement } from '../../../functions/data/events.ts';
import { call, EDITOR, outcome, seedFixtures, signIn, SITE } from '../fixtures.ts';

beforeAll(seedFixtures);

const PRIVACY = '/api/cms/documents/content/it-IT/privacy';
const OUTLINE = '/api/cms/documents/outline/it-IT/triage';
const page = (title: string) => ({ title, description: 'Come trattiamo i dati.', body: [{ type: 'p', text: `${title}: testo.` }] });
const save = (path: string, cookie: string, body: unknown, revision?: string, locale?: string) =>
  call(path, { method: 'PUT', body, cookie, locale, headers: revision === undefined ? {} : { 'if-match': revision === '*' ? revision : `"${revision}"` } });
const open = async (path: string, cookie: string) => outcome<EditorView>(await call(path, { cookie }));
const stored = async (kind: string, key: string) =>
  env.DB.prepare("SELECT fields FROM cms_draft WHERE site_id = 'tiles-demo' AND locale = 'it-IT' AND kind = ? AND key = ?")
    .bind(kind, key)
    .first<{ fields: string }>();
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n;
const versions = () => count("SELECT COUNT(*) AS n FROM cms_version WHERE kind = 'content' AND key = 'privacy'");
const edits = () => count("SELECT COUNT(*) AS n FROM event WHERE action = 'cms' AND variant = 'page' AND scope = 'edit'");

describe('two editors of one draft', () => {
  // First: a publish puts every draft of the site live.
  it('lets a draft published meanwhile be saved on: its text is the live one now', async () => {
    const editor = await signIn(EDITOR);
    const path = '/api/cms/documents/content/it-IT/accessibilita';
    await save(path, editor, page('Da pubblicare'));
    const opened = await open(path, editor);
    expect((await call('/api/cms/publish', { method: 'POST', cookie: editor })).status).toBe(200);
    expect((await save(path, editor, page('Dopo la pubblicazione'), opened.revision)).status).toBe(200);
  });

  it('refuses the second save made on the same base, in the editor’s language, and keeps the first editor’s text', async () => {
    // Two sessions: two editors, or one editor in two tabs.
    const first = await signIn(EDITOR);
    const second = await signIn(EDITOR);
    const [mine, theirs] = [await open(PRIVACY, first), await open(PRIVACY, second)];
    expect(mine.revision).toBe(theirs.revision);

    const saved = await save(PRIVACY, first, page('Prima redattrice'), mine.revision);
    expect(saved.status).toBe(200);
    const after = await outcome<EditorView>(saved);
    expect(after.revision).not.toBe(mine.revision);
    const [versionsBefore, editsBefore] = [await versions(), await edits()];

    const refused = await save(PRIVACY, second, page('Secondo redattore'), theirs.revision);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toMatch(/^Nessuna modifica salvata: qualcun altro ha salvato/);
    const english = await save(PRIVACY, second, page('Secondo redattore'), theirs.revision, 'en-US');
    expect(english.status).toBe(409);
    expect((await english.json<{ message: string }>()).message).toMatch(/^Nothing saved: someone else saved this content/);
    // Nothing written: neither the draft, nor a version, nor an audit event.
    expect(JSON.parse((await stored('content', 'privacy'))?.fields ?? '{}')).toMatchObject({ title: 'Prima redattrice' });
    expect([await versions(), await edits()]).toEqual([versionsBefore, editsBefore]);

    // On the latest version the second editor saves; the first, on the revision their save answered, saves again.
    const reloaded = await open(PRIVACY, second);
    expect(reloaded.revision).toBe(after.revision);
    const onLatest = await save(PRIVACY, second, page('Secondo redattore'), reloaded.revision);
    expect(onLatest.status).toBe(200);
    const next = await outcome<EditorView>(onLatest);
    expect((await save(PRIVACY, second, page('Secondo redattore, ancora'), next.revision)).status).toBe(200);
    expect((await save(PRIVACY, first, page('Prima redattrice, di nuovo'), after.revision)).status).toBe(409);
  });

  it('still saves without a base, as API clients always have', async () => {
    const editor = await signIn(EDITOR);
    const opened = await open(PRIVACY, editor);
    expect((await save(PRIVACY, editor, page('Senza base'))).status).toBe(200);
    expect((await save(PRIVACY, editor, page('Senza base, di nuovo'), '*')).status).toBe(200);
    expect(JSON.parse((await stored('content', 'privacy'))?.fields ?? '{}')).toMatchObject({ title: 'Senza base, di nuovo' });
    // A base from before those saves is stale.
    expect((await save(PRIVACY, editor, page('Vecchia base'), opened.revision)).status).toBe(409);
  });

  it('refuses a stale base for a page nobody has written yet, and for a draft discarded meanwhile', async () => {
    const [first, second] = [await signIn(EDITOR), await signIn(EDITOR)];
    const path = '/api/cms/documents/content/it-IT/nuova-pagina';
    const empty = await open(path, first);
    expect(empty.live).toBeNull();
    expect((await save(path, first, page('Nuova'), empty.revision)).status).toBe(200);
    expect((await save(path, second, page('Nuova, altra'), empty.revision)).status).toBe(409);
    const drafted = await open(path, second);
    const discarded = await outcome<EditorView>(await call(path, { method: 'DELETE', cookie: first }));
    expect(discarded.draft).toBeNull();
    expect((await save(path, second, page('Sulla bozza eliminata'), drafted.revision)).status).toBe(409);
    expect((await save(path, second, page('Dopo la bozza eliminata'), discarded.revision)).status).toBe(200);
  });

  it('refuses the second of two structure saves on the same base', async () => {
    const [first, second] = [await signIn(EDITOR), await signIn(EDITOR)];
    const [mine, theirs] = [await open(OUTLINE, first), await open(OUTLINE, second)];
    const live = (mine.draft?.fields ?? mine.live) as Outline;
    // The demo's video and document sessions have no file yet: a save needs one.
    const files: Record<string, string | null> = { text: null, video: '/media/demo/clip.mp4', document: '/media/demo/guida.pdf' };
    const outline = { ...live, modules: live.modules.map((m) => ({ ...m, sessions: m.sessions.map((s) => ({ ...s, media: files[s.kind] ?? null })) })) };
    expect((await save(OUTLINE, first, { ...outline, withdrawn: true }, mine.revision)).status).toBe(200);
    const refused = await save(OUTLINE, second, { ...outline, ecmCredits: 9 }, theirs.revision);
    expect(refused.status).toBe(409);
    expect(JSON.parse((await stored('outline', 'triage'))?.fields ?? '{}')).toMatchObject({ withdrawn: true, ecmCredits: outline.ecmCredits });
  });

  it('writes one of two saves sent at once on the same base, and refuses the other', async () => {
    const [first, second] = [await signIn(EDITOR), await signIn(EDITOR)];
    const path = '/api/cms/documents/content/it-IT/contatti';
    const { revision } = await open(path, first);
    const answers = await Promise.all([save(path, first, page('Una'), revision), save(path, second, page('Altra'), revision)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? 'Una' : 'Altra';
    expect(JSON.parse((await stored('content', 'contatti'))?.fields ?? '{}')).toMatchObject({ title: winner });
  });

  it('writes nothing when the draft changes between the base check and the write', async () => {
    const ref: DocumentRef = { siteId: SITE, locale: 'it-IT', kind: 'content', key: 'termini' };
    const event = () => eventIfChangedStatement(env.DB, SITE, EDITOR.id, 'cms.page.edit', 'it-IT/content/termini', Date.now());
    const base = await readSaveBase(env.DB, ref);
    await saveDraft(env.DB, ref, page('Salvata nel frattempo'), EDITOR.id, Date.now(), event());
    const count = () => env.DB.prepare("SELECT COUNT(*) AS n FROM cms_version WHERE key = 'termini'").first<{ n: number }>();
    const before = await count();
    expect(await saveDraftOnBase(env.DB, ref, page('Sulla base vecchia'), EDITOR.id, Date.now(), base, event())).toBe(false);
    expect(JSON.parse((await stored('content', 'termini'))?.fields ?? '{}')).toMatchObject({ title: 'Salvata nel frattempo' });
    expect(await count()).toEqual(before);
    expect(await saveDraftOnBase(env.DB, ref, page('Sulla base nuova'), EDITOR.id, Date.now(), await readSaveBase(env.DB, ref), event())).toBe(true);
  });

  it('saves on a draft a publish put live between the base check and the write: the text it was based on is the live one', async () => {
    const editor = await signIn(EDITOR);
    const ref: DocumentRef = { siteId: SITE, locale: 'it-IT', kind: 'content', key: 'note-legali' };
    const event = () => eventIfChangedStatement(env.DB, SITE, EDITOR.id, 'cms.page.edit', 'it-IT/content/note-legali', Date.now());
    await saveDraft(env.DB, ref, page('Bozza da pubblicare'), EDITOR.id, Date.now(), event());
    const base = await readSaveBase(env.DB, ref);
    expect((await call('/api/cms/publish', { method: 'POST', cookie: editor })).status).toBe(200);
    expect(await saveDraftOnBase(env.DB, ref, page('Dopo la pubblicazione'), EDITOR.id, Date.now(), base, event())).toBe(true);
    expect(JSON.parse((await stored('content', 'note-legali'))?.fields ?? '{}')).toMatchObject({ title: 'Dopo la pubblicazione' });
    // Once someone saves another text over it, the same base is stale.
    await saveDraft(env.DB, ref, page('Un’altra bozza'), EDITOR.id, Date.now(), event());
    expect((await call('/api/cms/publish', { method: 'POST', cookie: editor })).status).toBe(200);
    expect(await saveDraftOnBase(env.DB, ref, page('Sulla base vecchia'), EDITOR.id, Date.now(), base, event())).toBe(false);
  });
});

describe('discarding a draft and restoring a version on a text saved since', () => {
  const SLUG = '/api/cms/documents/content/it-IT/cookie';
  const discards = () => count("SELECT COUNT(*) AS n FROM event WHERE action = 'cms' AND variant = 'page' AND scope = 'discard'");
  const reverts = () => count("SELECT COUNT(*) AS n FROM event WHERE action = 'cms' AND variant = 'page' AND scope = 'revert'");
  const cookieVersions = () => count("SELECT COUNT(*) AS n FROM cms_version WHERE kind = 'content' AND key = 'cookie'");
  const discard = (cookie: string, revision?: string) =>
    call(SLUG, { method: 'DELETE', cookie, headers: revision === undefined ? {} : { 'if-match': revision === '*' ? revision : `"${revision}"` } });
  const revert = (id: number, cookie: string, revision?: string) =>
    call(`/api/cms/versions/${id}/revert`, { method: 'POST', cookie, headers: revision === undefined ? {} : { 'if-match': `"${revision}"` } });

  it('refuses to discard a draft a colleague saved after it was opened, keeping their draft; without a base it discards as before', async () => {
    const [first, second] = [await signIn(EDITOR), await signIn(EDITOR)];
    expect((await save(SLUG, first, page('La mia bozza'))).status).toBe(200);
    const opened = await open(SLUG, first);
    expect((await save(SLUG, second, page('La bozza della collega'), opened.revision)).status).toBe(200);
    const before = await discards();

    const refused = await discard(first, opened.revision);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toMatch(/^Nessuna modifica salvata: qualcun altro ha salvato/);
    expect(JSON.parse((await stored('content', 'cookie'))?.fields ?? '{}')).toMatchObject({ title: 'La bozza della collega' });
    expect(await discards()).toBe(before);

    // On the latest revision the discard goes ahead, and so does one without a base.
    const latest = await open(SLUG, first);
    const discarded = await outcome<EditorView>(await discard(first, latest.revision));
    expect(discarded.draft).toBeNull();
    expect(await stored('content', 'cookie')).toBeNull();
    expect(await discards()).toBe((before ?? 0) + 1);
    await save(SLUG, second, page('Un’altra bozza'));
    expect((await discard(first)).status).toBe(200);
    expect(await stored('content', 'cookie')).toBeNull();
    await save(SLUG, second, page('Un’altra ancora'));
    expect((await discard(first, '*')).status).toBe(200);
    expect(await stored('content', 'cookie')).toBeNull();
  });

  it('refuses to restore a version over a text a colleague saved after it was opened, writing nothing; without a base it restores as before', async () => {
    const [first, second] = [await signIn(EDITOR), await signIn(EDITOR)];
    await save(SLUG, first, page('Versione vecchia'));
    await save(SLUG, first, page('Versione nuova'));
    const opened = await open(SLUG, first);
    const old = opened.versions.find((version) => (version.fields as { title: string }).title === 'Versione vecchia');
    expect(old).toBeDefined();
    expect((await save(SLUG, second, page('Salvata dalla collega'), opened.revision)).status).toBe(200);
    const [versionsBefore, revertsBefore] = [await cookieVersions(), await reverts()];

    expect((await revert(old?.id ?? 0, first, opened.revision)).status).toBe(409);
    expect(JSON.parse((await stored('content', 'cookie'))?.fields ?? '{}')).toMatchObject({ title: 'Salvata dalla collega' });
    expect([await cookieVersions(), await reverts()]).toEqual([versionsBefore, revertsBefore]);

    const latest = await open(SLUG, first);
    const restored = await outcome<EditorView>(await revert(old?.id ?? 0, first, latest.revision));
    expect(restored.draft?.fields).toMatchObject({ title: 'Versione vecchia' });
    expect(await reverts()).toBe((revertsBefore ?? 0) + 1);
    await save(SLUG, second, page('Di nuovo la collega'));
    expect((await revert(old?.id ?? 0, first)).status).toBe(200);
    expect(JSON.parse((await stored('content', 'cookie'))?.fields ?? '{}')).toMatchObject({ title: 'Versione vecchia' });
  });

  it('removes nothing when the draft changes between the base check and the delete', async () => {
    const ref: DocumentRef = { siteId: SITE, locale: 'it-IT', kind: 'content', key: 'cookie' };
    await saveDraft(
      env.DB,
      ref,
      page('Letta'),
      EDITOR.id,
      Date.now() - 1000,
      eventStatement(env.DB, SITE, EDITOR.id, 'cms.page.edit', 'it-IT/content/cookie', Date.now()),
    );
    const { draft } = await readSaveBase(env.DB, ref);
    await saveDraft(
      env.DB,
      ref,
      page('Salvata nel frattempo'),
      EDITOR.id,
      Date.now(),
      eventStatement(env.DB, SITE, EDITOR.id, 'cms.page.edit', 'it-IT/content/cookie', Date.now()),
    );
    const event = () => eventIfChangedStatement(env.DB, SITE, EDITOR.id, 'cms.page.discard', 'it-IT/content/cookie', Date.now());
    expect(draft && (await discardDraftOnBase(env.DB, ref, draft, event()))).toBe(false);
    expect(JSON.parse((await stored('content', 'cookie'))?.fields ?? '{}')).toMatchObject({ title: 'Salvata nel frattempo' });
    const fresh = (await readSaveBase(env.DB, ref)).draft;
    expect(fresh && (await discardDraftOnBase(env.DB, ref, fresh, event()))).toBe(true);
    expect(await stored('content', 'cookie')).toBeNull();
  });
});

describe('module titles in the course structure', () => {
  const MODULE = '/api/cms/documents/module/it-IT/triage.1';
  const structure = async (cookie: string) => outcome<CourseStructure>(await call('/api/cms/courses/triage/structure?locale=it-IT', { cookie }));

  it('carry the revision of each title, and a title saved on a stale one is refused, keeping the colleague’s', async () => {
    const [first, second] = [await signIn(EDITOR), await signIn(EDITOR)];
    const [mine, theirs] = [await structure(first), await structure(second)];
    expect(mine.revisions?.['1']).toBe((await open(MODULE, first)).revision);
    expect(mine.revisions?.['1.1']).toBe((await open('/api/cms/documents/session/it-IT/triage.1.1', first)).revision);

    expect((await save(MODULE, first, { title: 'Il processo di triage' }, mine.revisions?.['1'])).status).toBe(200);
    const refused = await save(MODULE, second, { title: 'Triage: il processo' }, theirs.revisions?.['1']);
    expect(refused.status).toBe(409);
    expect(JSON.parse((await stored('module', 'triage.1'))?.fields ?? '{}')).toEqual({ title: 'Il processo di triage' });
    // The structure read again names the title saved.
    const reloaded = await structure(second);
    expect(reloaded.titles['1']).toBe('Il processo di triage');
    expect((await save(MODULE, second, { title: 'Triage: il processo' }, reloaded.revisions?.['1'])).status).toBe(200);
  });
});
