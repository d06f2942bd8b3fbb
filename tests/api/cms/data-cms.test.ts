import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentEventName } from '../../../core/cms-document.ts';
import {
  commitPublish,
  discardDraft,
  documentExists,
  findVersion,
  listDrafts,
  loadEditorView,
  readDraftsToPublish,
  readLive,
  saveDraft,
  type DocumentRef,
} from '../../../functions/data/cms/documents.ts';
import { claimBuildRequest, findBuildRequest, finishBuildRequest } from '../../../functions/data/cms/builds.ts';
import { eventStatement } from '../../../functions/data/events.ts';
import { findPage } from '../../../functions/data/site/pages.ts';
import { EDITOR, seedFixtures, SITE } from '../fixtures.ts';

// Query-level tests of functions/data/cms/documents.ts (drafts, versions, publishing) and builds.ts (build requests).
beforeAll(seedFixtures);

const privacy: DocumentRef = { siteId: SITE, locale: 'it-IT', kind: 'content', key: 'privacy' };
const fields = { title: 'Privacy (bozza)', description: 'Nuova descrizione.', body: [{ type: 'p' as const, text: 'Testo nuovo.' }] };
const event = (name: string, subject: string, now: number) => eventStatement(env.DB, SITE, EDITOR.id, name, subject, now);
const editorEvents = () =>
  env.DB.prepare("SELECT action || '.' || variant || '.' || scope AS name, subject FROM event WHERE user_id = ? AND action = 'cms' ORDER BY id")
    .bind(EDITOR.id)
    .all()
    .then((r) => r.results);

describe('functions/data/cms/documents.ts and builds.ts', () => {
  it('reads live documents of each kind and knows which exist', async () => {
    expect(await readLive(env.DB, privacy)).toEqual({
      title: 'Informativa privacy',
      description: 'Come trattiamo i dati.',
      body: [{ type: 'p', text: 'Testo originale.' }],
    });
    expect(await readLive(env.DB, { siteId: SITE, locale: 'it-IT', kind: 'course', key: 'triage' })).toEqual({
      title: 'Triage',
      summary: 'Il triage in pronto soccorso.',
      description: 'Priorità di accesso alle cure.',
    });
    expect(await readLive(env.DB, { siteId: SITE, locale: 'de-DE', kind: 'boilerplate', key: 'nav.home' })).toEqual({ text: 'Startseite' });
    expect(await readLive(env.DB, { ...privacy, locale: 'de-DE' })).toBeNull();
    expect(await documentExists(env.DB, { siteId: SITE, kind: 'category', key: 'cat-rischio' })).toBe(true);
    expect(await documentExists(env.DB, { siteId: SITE, kind: 'course', key: 'nope' })).toBe(false);
    expect(await documentExists(env.DB, { siteId: 'another-site', kind: 'content', key: 'privacy' })).toBe(false);
  });

  it('saves a draft with a version and its event, lists it, and discards it with its event', async () => {
    await saveDraft(env.DB, privacy, fields, EDITOR.id, 1_000, event(documentEventName('content', 'edit'), 'it-IT/content/privacy', 1_000));
    const view = await loadEditorView(env.DB, privacy);
    expect(view.live).toMatchObject({ title: 'Informativa privacy' });
    expect(view.draft).toEqual({ locale: 'it-IT', kind: 'content', key: 'privacy', fields, author: 'Edoardo Prova', updatedAt: new Date(1_000).toISOString() });
    expect(view.versions).toEqual([{ id: expect.any(Number), fields, author: 'Edoardo Prova', createdAt: new Date(1_000).toISOString(), status: 'draft' }]);
    expect(await findVersion(env.DB, SITE, view.versions[0]!.id)).toEqual({ ...privacy, fields });
    expect(await findVersion(env.DB, 'another-site', view.versions[0]!.id)).toBeNull();
    expect((await listDrafts(env.DB, SITE, 'it-IT')).map((draft) => draft.key)).toEqual(['privacy']);
    expect(await listDrafts(env.DB, SITE, 'en-US')).toEqual([]);

    await discardDraft(env.DB, privacy, event(documentEventName('content', 'discard'), 'it-IT/content/privacy', 2_000));
    expect((await loadEditorView(env.DB, privacy)).draft).toBeNull();
    expect(await editorEvents()).toEqual([
      { name: 'cms.page.edit', subject: 'it-IT/content/privacy' },
      { name: 'cms.page.discard', subject: 'it-IT/content/privacy' },
    ]);
  });

  it('publishes every draft in one batch: live text, versions, events, the build request and the event naming it', async () => {
    await saveDraft(env.DB, privacy, fields, EDITOR.id, 3_000, event('cms.page.edit', 'it-IT/content/privacy', 3_000));
    const published = await commitPublish(
      env.DB,
      SITE,
      await readDraftsToPublish(env.DB, SITE),
      EDITOR.id,
      4_000,
      (draft) => [event(documentEventName(draft.kind, 'publish'), `${draft.locale}/${draft.kind}/${draft.key}`, 4_000)],
      eventStatement(env.DB, SITE, EDITOR.id, 'cms.site.publish', { insertedRowPrefix: 'build#' }, 4_000),
    );
    expect(published).toEqual({ requestId: expect.any(Number), documents: 1 });
    expect(await findPage(env.DB, SITE, 'it-IT', 'content', 'privacy')).toMatchObject({ title: 'Privacy (bozza)', body: fields.body });
    expect(await listDrafts(env.DB, SITE, null)).toEqual([]);
    expect((await loadEditorView(env.DB, privacy)).versions.map((version) => version.status)).toEqual(['published', 'live-before', 'draft', 'draft']);
    expect((await editorEvents()).slice(-2)).toEqual([
      { name: 'cms.site.publish', subject: `build#${published.requestId}` },
      { name: 'cms.page.publish', subject: 'it-IT/content/privacy' },
    ]);
    expect(await findBuildRequest(env.DB, SITE, published.requestId)).toMatchObject({
      status: 'queued',
      runner: 'local',
      requestedBy: 'Edoardo Prova',
      requestedAt: new Date(4_000).toISOString(),
    });
  });

  it('writes nothing of a publish whose audit event fails', async () => {
    await saveDraft(env.DB, privacy, { ...fields, title: 'Mai pubblicato' }, EDITOR.id, 5_000, event('cms.page.edit', 'it-IT/content/privacy', 5_000));
    const requests = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM build_request').first<{ n: number }>())?.n;
    const before = await requests();
    await env.DB.prepare("CREATE TRIGGER refuse_site_event BEFORE INSERT ON event WHEN NEW.variant = 'site' BEGIN SELECT RAISE(ABORT, 'no'); END").run();
    await expect(
      commitPublish(
        env.DB,
        SITE,
        await readDraftsToPublish(env.DB, SITE),
        EDITOR.id,
        6_000,
        () => [],
        eventStatement(env.DB, SITE, EDITOR.id, 'cms.site.publish', { insertedRowPrefix: 'build#' }, 6_000),
      ),
    ).rejects.toThrow();
    await env.DB.prepare('DROP TRIGGER refuse_site_event').run();
    expect(await requests()).toBe(before);
    expect((await findPage(env.DB, SITE, 'it-IT', 'content', 'privacy'))?.title).toBe('Privacy (bozza)');
    expect((await listDrafts(env.DB, SITE, null)).map((draft) => draft.fields)).toEqual([{ ...fields, title: 'Mai pubblicato' }]);
  });

  it('lets the build worker claim the oldest queued request once, then finish it', async () => {
    const claimed = await claimBuildRequest(env.DB, 7_000);
    expect(claimed).toEqual({ id: expect.any(Number), siteId: SITE });
    await finishBuildRequest(env.DB, claimed!.id, { status: 'live', buildId: 'b-123' }, 9_000);
    expect(await findBuildRequest(env.DB, SITE, claimed!.id)).toMatchObject({
      status: 'live',
      buildId: 'b-123',
      startedAt: new Date(7_000).toISOString(),
      finishedAt: new Date(9_000).toISOString(),
    });
    expect(await claimBuildRequest(env.DB, 10_000)).toBeNull();
  });

  it('publishes exactly the drafts it read and still finds as read: one saved over meanwhile stays a draft, live unchanged', async () => {
    const course: DocumentRef = { siteId: SITE, locale: 'it-IT', kind: 'course', key: 'triage' };
    const courseFields = { title: 'Triage', summary: 'Letto dalla pubblicazione.', description: 'Priorità di accesso alle cure.' };
    const liveBefore = (await findPage(env.DB, SITE, 'it-IT', 'content', 'privacy'))?.title;
    await saveDraft(env.DB, privacy, { ...fields, title: 'Letto' }, EDITOR.id, 11_000, event('cms.page.edit', 'it-IT/content/privacy', 11_000));
    await saveDraft(env.DB, course, courseFields, EDITOR.id, 11_000, event('cms.course.edit', 'it-IT/course/triage', 11_000));
    const read = await readDraftsToPublish(env.DB, SITE);
    expect(read.map((draft) => draft.key).sort()).toEqual(['privacy', 'triage']);
    // Saved after the read, before the commit: over a draft that was read, and a new one (also in the same millisecond).
    await saveDraft(env.DB, privacy, { ...fields, title: 'Salvato durante' }, EDITOR.id, 11_000, event('cms.page.edit', 'it-IT/content/privacy', 11_000));
    const english: DocumentRef = { ...privacy, locale: 'en-US' };
    await saveDraft(env.DB, english, { ...fields, title: 'Saved meanwhile' }, EDITOR.id, 12_000, event('cms.page.edit', 'en-US/content/privacy', 12_000));
    const published = await commitPublish(env.DB, SITE, read, EDITOR.id, 13_000, () => [], event('cms.site.publish', 'build', 13_000));
    expect(published.documents).toBe(1);
    // The course, untouched since the read, went live; the page saved over meanwhile did not (its
    // newer draft is the editor's last word), and neither did the new draft: both wait, none lost.
    expect(await readLive(env.DB, course)).toEqual(courseFields);
    expect((await findPage(env.DB, SITE, 'it-IT', 'content', 'privacy'))?.title).toBe(liveBefore);
    expect((await findPage(env.DB, SITE, 'en-US', 'content', 'privacy'))?.title).toBe('Privacy notice');
    const drafts = await listDrafts(env.DB, SITE, null);
    expect(drafts.map((draft) => [draft.locale, draft.key, (draft.fields as { title: string }).title]).sort()).toEqual([
      ['en-US', 'privacy', 'Saved meanwhile'],
      ['it-IT', 'privacy', 'Salvato durante'],
    ]);
    expect((await loadEditorView(env.DB, privacy)).versions[0]).toMatchObject({ status: 'draft', fields: { title: 'Salvato durante' } });
  });

  it('a publish that read an older draft never puts it back over a newer one another publish put live', async () => {
    await discardAll();
    await saveDraft(env.DB, privacy, { ...fields, title: 'Versione 1' }, EDITOR.id, 20_000, event('cms.page.edit', 'it-IT/content/privacy', 20_000));
    const first = await readDraftsToPublish(env.DB, SITE);
    await saveDraft(env.DB, privacy, { ...fields, title: 'Versione 2' }, EDITOR.id, 21_000, event('cms.page.edit', 'it-IT/content/privacy', 21_000));
    const second = await readDraftsToPublish(env.DB, SITE);
    await commitPublish(env.DB, SITE, second, EDITOR.id, 22_000, () => [], event('cms.site.publish', 'build', 22_000));
    const late = await commitPublish(env.DB, SITE, first, EDITOR.id, 23_000, () => [], event('cms.site.publish', 'build', 23_000));
    expect(late.documents).toBe(0);
    expect((await findPage(env.DB, SITE, 'it-IT', 'content', 'privacy'))?.title).toBe('Versione 2');
    // A draft discarded after a publish read it is not published either.
    await saveDraft(env.DB, privacy, { ...fields, title: 'Scartata' }, EDITOR.id, 24_000, event('cms.page.edit', 'it-IT/content/privacy', 24_000));
    const third = await readDraftsToPublish(env.DB, SITE);
    await discardDraft(env.DB, privacy, event('cms.page.discard', 'it-IT/content/privacy', 25_000));
    expect((await commitPublish(env.DB, SITE, third, EDITOR.id, 26_000, () => [], event('cms.site.publish', 'build', 26_000))).documents).toBe(0);
    expect((await findPage(env.DB, SITE, 'it-IT', 'content', 'privacy'))?.title).toBe('Versione 2');
  });
});

/** Leaves the site without drafts, as a fresh start for one test. */
async function discardAll(): Promise<void> {
  await env.DB.prepare('DELETE FROM cms_draft WHERE site_id = ?').bind(SITE).run();
}
