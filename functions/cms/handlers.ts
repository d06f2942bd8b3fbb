import type { z } from 'zod';
import type { buildParams, documentParams, draftsQuery, publishQuery, versionParams } from '../../core/contracts/cms.ts';
import type { ApiContext } from '../api-context.ts';
import { rollBackPublish } from './rollback.ts';
import { placeholderMismatch } from '../../core/placeholders.ts';
import { documentRevision, ifMatchRevisions } from '../../core/document-revision.ts';
import {
  DOCUMENT_FIELDS,
  documentCourse,
  documentEventName,
  isDocumentKey,
  isReservedPageKey,
  PAGE_KINDS,
  STRUCTURE_KINDS,
  type DocumentFields,
} from '../../core/cms-document.ts';
import {
  commitPublish,
  discardDraft,
  discardDraftOnBase,
  documentExists,
  findVersion,
  listDrafts,
  loadEditorView,
  baseFields,
  readDraftsToPublish,
  readLive,
  readSaveBase,
  saveDraft,
  saveDraftOnBase,
  type DocumentRef,
  type Draft,
  type EditorView,
} from '../data/cms/documents.ts';
import { findBuildRequest, listBuildRequests, markHandedToHook, type BuildRequest } from '../data/cms/builds.ts';
import { eventIfChangedStatement, eventStatement } from '../data/events.ts';
import { checkBankDraft, mayReadBanks } from '../ecm/bank-check.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { supportedLocale } from './supported-locale.ts';
import { cmsMessage } from './messages.ts';
import { invalidInput } from '../validate.ts';
import { deployHookRequest } from './deploy-hook.ts';
import type { Outline } from '../../core/course-outline.ts';
import { checkCategoriesDraft, checkOutlineDraft, checkStructureToPublish, PUBLISH_ORDER } from './structure-check.ts';
import { withFileDurations } from './file-durations.ts';

type DocumentParams = { param: z.output<typeof documentParams> };

async function documentRef(context: ApiContext, params: DocumentParams['param']): Promise<DocumentRef> {
  if (!isDocumentKey(params.kind, params.key)) {
    throw new HttpError(400, message('invalidField', context.language, { field: 'key', detail: params.key }));
  }
  const defaultLocale = await supportedLocale(context, params.locale);
  // Structure has no translations: one document, in the site's main language.
  if (STRUCTURE_KINDS.includes(params.kind) && params.locale !== defaultLocale) {
    throw new HttpError(400, cmsMessage('structureDefaultLocale', context.language, { locale: defaultLocale }));
  }
  return { siteId: context.siteId, ...params };
}

const documentName = (ref: Omit<DocumentRef, 'siteId'>) => `${ref.locale}/${ref.kind}/${ref.key}`;

/** A page key that a route, a public file or the build uses would shadow that address: never saved, never published. */
function refuseReservedKey(context: ApiContext, ref: Pick<DocumentRef, 'kind' | 'key'>): void {
  if (isReservedPageKey(ref.kind, ref.key)) throw new HttpError(400, cmsMessage('reservedKey', context.language, { key: ref.key }));
}

/**
 * A stored draft must still pass its kind's contract when it is published: one saved before a rule
 * (such as the clean-text one) is held back, naming the document and the field, publishing nothing.
 */
function refuseInvalidDraft(context: ApiContext, draft: Draft): void {
  const schema = DOCUMENT_FIELDS[draft.kind];
  if (schema.safeParse(draft.fields).success) return;
  throw new HttpError(400, `${documentName(draft)}: ${invalidInput(schema, draft.fields, context.language, 'fields').message}`);
}

export async function getDocument(context: ApiContext, { param }: DocumentParams): Promise<EditorView> {
  const ref = await documentRef(context, param);
  // A bank holds the correct answers: editors only, not testers.
  if (ref.kind === 'bank') await context.requirePermission('content:edit');
  return loadEditorView(context.env.DB, ref);
}

/**
 * Pages may be new (a catch-all page the next build publishes); strings are reworded, never
 * invented. Courses and categories are created by their own calls (`course-handlers.ts`), which
 * draft their outline or the categories' order first: from then on their texts can be drafted.
 */
async function checkDraft(context: ApiContext, ref: DocumentRef, fields: DocumentFields): Promise<void> {
  if (!PAGE_KINDS.includes(ref.kind) && !(await documentExists(context.env.DB, ref))) {
    throw new HttpError(404, cmsMessage('documentNotFound', context.language, { kind: ref.kind, key: ref.key }));
  }
  if (ref.kind === 'bank') return checkBankDraft(context, ref, fields);
  if (ref.kind === 'outline') return checkOutlineDraft(context, ref.key, fields as Outline);
  if (ref.kind === 'categories') return checkCategoriesDraft(context, fields as { order: string[] });
  if (ref.kind !== 'boilerplate') return;
  const live = (await readLive(context.env.DB, ref)) as { text: string } | null;
  if (!live) return;
  const { missing, unknown } = placeholderMismatch(live.text, (fields as { text: string }).text);
  if (missing.length || unknown.length) {
    const list = (names: string[]) => (names.length ? names.map((name) => `{${name}}`).join(', ') : '-');
    throw new HttpError(400, cmsMessage('placeholdersChanged', context.language, { missing: list(missing), unknown: list(unknown) }));
  }
}

/**
 * Writes a draft (a save, a restored version) with its audit event. A write without a base (an API
 * client, an older page) goes ahead as it always has; one whose `If-Match` names a text saved over
 * since, before the write or during it, is refused with 409 and writes nothing.
 */
async function writeDraft(context: ApiContext, ref: DocumentRef, fields: DocumentFields, userId: string, eventName: string, subject: string): Promise<void> {
  const { DB } = context.env;
  const bases = ifMatchRevisions(context.request.headers.get('if-match'));
  if (!bases) return saveDraft(DB, ref, fields, userId, context.now, eventStatement(DB, context.siteId, userId, eventName, subject, context.now));
  const base = await readSaveBase(DB, ref);
  const current = bases.includes(await documentRevision(baseFields(base)));
  const event = eventIfChangedStatement(DB, context.siteId, userId, eventName, subject, context.now);
  if (!current || !(await saveDraftOnBase(DB, ref, fields, userId, context.now, base, event))) {
    throw new HttpError(409, cmsMessage('editConflict', context.language));
  }
}

export async function putDocument(context: ApiContext, { param, json: fields }: DocumentParams & { json: DocumentFields }): Promise<EditorView> {
  const session = await context.requireSession();
  const ref = await documentRef(context, param);
  refuseReservedKey(context, ref);
  await checkDraft(context, ref, fields);
  const saved = ref.kind === 'outline' ? await withFileDurations(context, fields as Outline) : fields;
  await writeDraft(context, ref, saved, session.user.id, documentEventName(ref.kind, 'edit'), documentName(ref));
  return loadEditorView(context.env.DB, ref);
}

export async function deleteDraft(context: ApiContext, { param }: DocumentParams): Promise<EditorView> {
  const session = await context.requireSession();
  const ref = await documentRef(context, param);
  const { DB } = context.env;
  const eventName = documentEventName(ref.kind, 'discard');
  const bases = ifMatchRevisions(context.request.headers.get('if-match'));
  if (!bases) {
    const view = await loadEditorView(DB, ref);
    if (!view.draft) return view;
    await discardDraft(DB, ref, eventStatement(DB, context.siteId, session.user.id, eventName, documentName(ref), context.now));
    return { ...view, draft: null, revision: await documentRevision(view.live) };
  }
  const base = await readSaveBase(DB, ref);
  // No draft left (discarded or published meanwhile): nothing anyone saved is lost, the answer shows what is there.
  if (base.draft) {
    const current = bases.includes(await documentRevision(baseFields(base)));
    const event = eventIfChangedStatement(DB, context.siteId, session.user.id, eventName, documentName(ref), context.now);
    // Refused, removing nothing, when the draft the editor opened was saved over since: before the delete, or during it.
    if (!current || !(await discardDraftOnBase(DB, ref, base.draft, event))) throw new HttpError(409, cmsMessage('editConflict', context.language));
  }
  return loadEditorView(DB, ref);
}

export async function revertVersion(context: ApiContext, { param: { id } }: { param: z.output<typeof versionParams> }): Promise<EditorView> {
  const session = await context.requireSession();
  const version = await findVersion(context.env.DB, context.siteId, id);
  if (!version) throw new HttpError(404, cmsMessage('versionNotFound', context.language, { id: String(id) }));
  refuseReservedKey(context, version);
  if (version.kind === 'bank') await checkBankDraft(context, version, version.fields);
  if (version.kind === 'outline') await checkOutlineDraft(context, version.key, version.fields as Outline);
  if (version.kind === 'categories') await checkCategoriesDraft(context, version.fields as { order: string[] });
  const fields = version.kind === 'outline' ? await withFileDurations(context, version.fields as Outline) : version.fields;
  // With If-Match, the document's revision as the editor opened it: a restore never replaces a text saved since unseen.
  await writeDraft(context, version, fields, session.user.id, documentEventName(version.kind, 'revert'), `${documentName(version)}#${id}`);
  return loadEditorView(context.env.DB, version);
}

export async function getDrafts(context: ApiContext, { query: { locale } }: { query: z.output<typeof draftsQuery> }): Promise<Draft[]> {
  if (locale !== undefined) await supportedLocale(context, locale);
  const drafts = await listDrafts(context.env.DB, context.siteId, locale ?? null);
  return (await mayReadBanks(context)) ? drafts : drafts.filter((draft) => draft.kind !== 'bank');
}

/**
 * Hands a queued request to the production deploy hook (DEPLOY_HOOK_URL), when one is configured:
 * the build it starts reports back through the build-worker calls. Locally there is no hook and
 * the `npm start` build worker claims the request instead.
 */
async function callDeployHook(context: ApiContext, requestId: number): Promise<void> {
  const hook = context.env.DEPLOY_HOOK_URL;
  if (!hook) return;
  let outcome: { accepted: boolean; error?: string };
  try {
    const response = await fetch(hook, {
      ...deployHookRequest(hook, context.env.DEPLOY_HOOK_TOKEN, { requestId, siteId: context.siteId }),
      signal: AbortSignal.timeout(10_000),
    });
    outcome = response.ok ? { accepted: true } : { accepted: false, error: `Deploy hook answered ${response.status} ${response.statusText}` };
  } catch (error) {
    outcome = { accepted: false, error: `Deploy hook unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  const now = Date.now();
  const refused = await markHandedToHook(context.env.DB, requestId, outcome, now);
  if (refused) await rollBackPublish(context.env.DB, refused.siteId, requestId, refused.requestedBy, now);
}

/**
 * Publishes the site's drafts, or with `course` only that course's (its structure, its texts in
 * every language, its question bank): a colleague's half-done course stays a draft.
 */
export async function publish(
  context: ApiContext,
  { query: { course } }: { query: z.output<typeof publishQuery> },
): Promise<{ requestId: number; documents: number; build: BuildRequest | null }> {
  const session = await context.requireSession();
  const { DB } = context.env;
  // One read: exactly these drafts are checked, published and removed (a draft saved meanwhile waits for the next publish).
  const all = await readDraftsToPublish(DB, context.siteId);
  const drafts = course === undefined ? all : all.filter((draft) => documentCourse(draft.kind, draft.key) === course);
  if (course !== undefined && drafts.length === 0) throw new HttpError(409, cmsMessage('nothingToPublishInCourse', context.language, { id: course }));
  // Drafts saved before such keys were refused are held back whole: nothing half-published.
  for (const draft of drafts) {
    refuseReservedKey(context, draft);
    refuseInvalidDraft(context, draft);
  }
  await checkStructureToPublish(context, drafts);
  // Structure first, so that the texts written after it find their course, module, session and category.
  drafts.sort((a, b) => PUBLISH_ORDER.indexOf(a.kind) - PUBLISH_ORDER.indexOf(b.kind));
  const published = await commitPublish(
    DB,
    context.siteId,
    drafts,
    session.user.id,
    context.now,
    (draft) => [eventIfChangedStatement(DB, context.siteId, session.user.id, documentEventName(draft.kind, 'publish'), documentName(draft), context.now)],
    eventStatement(DB, context.siteId, session.user.id, 'cms.site.publish', { insertedRowPrefix: 'build#' }, context.now),
  );
  await callDeployHook(context, published.requestId);
  return { ...published, build: await findBuildRequest(DB, context.siteId, published.requestId) };
}

export async function getBuild(context: ApiContext, { param: { id } }: { param: z.output<typeof buildParams> }): Promise<BuildRequest> {
  const build = await findBuildRequest(context.env.DB, context.siteId, id);
  if (!build) throw new HttpError(404, cmsMessage('buildNotFound', context.language, { id: String(id) }));
  return build;
}

export async function getBuilds(context: ApiContext): Promise<BuildRequest[]> {
  return listBuildRequests(context.env.DB, context.siteId, 10);
}
