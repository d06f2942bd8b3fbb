import type { z } from 'zod';
import type { DocumentFields } from '../../core/cms-document.ts';
import { documentEventName } from '../../core/cms-document.ts';
import type {
  CmsCatalogue,
  CourseStructure,
  courseKeyParams,
  courseStructureQuery,
  duplicateCourseRequest,
  newCategoryRequest,
  newCourseRequest,
} from '../../core/contracts/cms-structure.ts';
import { moduleKey, type Outline } from '../../core/course-outline.ts';
import { documentRevision } from '../../core/document-revision.ts';
import type { ApiContext } from '../api-context.ts';
import { documentExists, listDrafts, readLive, saveDrafts, type DocumentRef } from '../data/cms/documents.ts';
import { courseIdTaken, listCmsCourses, readCategoryKeys, readCourseDocuments, readUsedNumbers } from '../data/cms/structure.ts';
import { eventStatement } from '../data/events.ts';
import { listCategories } from '../data/lms/courses.ts';
import { findSite } from '../data/site/sites.ts';
import { HttpError } from '../http-error.ts';
import { cmsMessage } from './messages.ts';

async function siteLocales(context: ApiContext): Promise<{ defaultLocale: string; supported: string[] }> {
  const site = await findSite(context.env.DB, context.siteId);
  if (!site) throw new HttpError(404, cmsMessage('documentNotFound', context.language, { kind: 'site', key: context.siteId }));
  return { defaultLocale: site.defaultLocale, supported: site.supportedLocale };
}

const editEvent = (context: ApiContext, userId: string, ref: DocumentRef) =>
  eventStatement(context.env.DB, context.siteId, userId, documentEventName(ref.kind, 'edit'), `${ref.locale}/${ref.kind}/${ref.key}`, context.now);

export async function getCmsCourses(context: ApiContext): Promise<CmsCatalogue> {
  const { defaultLocale } = await siteLocales(context);
  const [courses, categories] = await Promise.all([
    listCmsCourses(context.env.DB, context.siteId, context.localeCode, defaultLocale),
    editorCategories(context, context.localeCode, defaultLocale),
  ]);
  return { locale: defaultLocale, courses, categories };
}

/** Categories to choose from, named in the language asked for: live ones in order, then those only drafted so far. */
async function editorCategories(context: ApiContext, locale: string, defaultLocale: string): Promise<{ id: string; name: string }[]> {
  const [categories, drafts] = await Promise.all([
    listCategories(context.env.DB, context.siteId, locale, defaultLocale),
    listDrafts(context.env.DB, context.siteId, null),
  ]);
  const live = new Set(categories.map((category) => category.id));
  const drafted = new Map<string, string>();
  for (const draft of drafts) {
    if (draft.kind !== 'category' || live.has(draft.key)) continue;
    if (draft.locale === locale || (draft.locale === defaultLocale && !drafted.has(draft.key))) drafted.set(draft.key, (draft.fields as { name: string }).name);
  }
  return [...categories.map((category) => ({ id: category.id, name: category.name })), ...[...drafted].map(([id, name]) => ({ id, name }))];
}

/** A category the site has or is about to have (listed in the categories draft). */
async function knownCategory(context: ApiContext, id: string): Promise<void> {
  if (!(await documentExists(context.env.DB, { siteId: context.siteId, kind: 'category', key: id }))) {
    throw new HttpError(400, cmsMessage('categoryUnknown', context.language, { id }));
  }
}

/**
 * Creates a course as drafts in the site's main language: its outline (category, credits, one
 * module without sessions), its texts and its first module's title. Nothing is live until a
 * publish; a tester sees it in place meanwhile.
 */
export async function postCourse(context: ApiContext, { json }: { json: z.output<typeof newCourseRequest> }): Promise<{ id: string }> {
  const session = await context.requireSession();
  const { defaultLocale } = await siteLocales(context);
  if (await courseIdTaken(context.env.DB, context.siteId, json.id)) throw new HttpError(409, cmsMessage('courseIdTaken', context.language, { id: json.id }));
  await knownCategory(context, json.category);
  const outline: Outline = { category: json.category, ecmCredits: json.ecmCredits, withdrawn: false, modules: [{ number: 1, sessions: [] }] };
  const base = { siteId: context.siteId, locale: defaultLocale };
  const drafts: { ref: DocumentRef; fields: DocumentFields }[] = [
    { ref: { ...base, kind: 'outline', key: json.id }, fields: outline },
    { ref: { ...base, kind: 'course', key: json.id }, fields: { title: json.title, summary: json.summary, description: json.description } },
    { ref: { ...base, kind: 'module', key: moduleKey(json.id, 1) }, fields: { title: json.moduleTitle } },
  ];
  await saveDrafts(
    context.env.DB,
    drafts,
    session.user.id,
    context.now,
    drafts.map(({ ref }) => editEvent(context, session.user.id, ref)),
  );
  return { id: json.id };
}

/**
 * Copies a course under a new id: its structure and every text in every locale, as the editors
 * last left them (drafts over live), all as drafts of the new course. Media are shared, not
 * copied: replacing a file changes it in both. Learners' records stay with the original.
 */
export async function postCourseDuplicate(
  context: ApiContext,
  { param: { courseId }, json }: { param: z.output<typeof courseKeyParams>; json: z.output<typeof duplicateCourseRequest> },
): Promise<{ id: string }> {
  const session = await context.requireSession();
  const { defaultLocale } = await siteLocales(context);
  const { DB } = context.env;
  const source = { siteId: context.siteId, locale: defaultLocale, kind: 'outline' as const, key: courseId };
  const [draft] = (await listDrafts(DB, context.siteId, defaultLocale)).filter((entry) => entry.kind === 'outline' && entry.key === courseId);
  const outline = (draft?.fields ?? (await readLive(DB, source))) as Outline | null;
  if (!outline) throw new HttpError(404, cmsMessage('documentNotFound', context.language, { kind: 'course', key: courseId }));
  if (await courseIdTaken(DB, context.siteId, json.id)) throw new HttpError(409, cmsMessage('courseIdTaken', context.language, { id: json.id }));
  const kept = new Set(outline.modules.flatMap((module) => [String(module.number), ...module.sessions.map((s) => `${module.number}.${s.number}`)]));
  const documents = (await readCourseDocuments(DB, context.siteId, courseId)).filter((document) => document.part === '' || kept.has(document.part));
  const drafts: { ref: DocumentRef; fields: DocumentFields }[] = [
    { ref: { ...source, key: json.id }, fields: { ...outline, withdrawn: false } },
    ...documents.map((document) => {
      const key = document.part === '' ? json.id : `${json.id}.${document.part}`;
      const fields = document.kind === 'course' && document.locale === defaultLocale ? { ...(document.fields as object), title: json.title } : document.fields;
      return { ref: { siteId: context.siteId, locale: document.locale, kind: document.kind, key }, fields: fields as DocumentFields };
    }),
  ];
  await saveDrafts(DB, drafts, session.user.id, context.now, [
    eventStatement(DB, context.siteId, session.user.id, 'cms.course.duplicate', `${courseId}→${json.id}`, context.now),
  ]);
  return { id: json.id };
}

/** Adds a category: the catalogue's order gains it last and its name is drafted in the main language. */
export async function postCategory(context: ApiContext, { json }: { json: z.output<typeof newCategoryRequest> }): Promise<{ id: string }> {
  const session = await context.requireSession();
  const { defaultLocale } = await siteLocales(context);
  const { DB } = context.env;
  const taken = (await readCategoryKeys(DB, context.siteId)).some((category) => category.id === json.id || category.slug === json.id);
  const ref: DocumentRef = { siteId: context.siteId, locale: defaultLocale, kind: 'categories', key: 'catalogue' };
  const [draft] = (await listDrafts(DB, context.siteId, defaultLocale)).filter((entry) => entry.kind === 'categories');
  const order = ((draft?.fields ?? (await readLive(DB, ref))) as { order: string[] } | null)?.order ?? [];
  if (taken || order.includes(json.id)) throw new HttpError(409, cmsMessage('categoryIdTaken', context.language, { id: json.id }));
  const drafts: { ref: DocumentRef; fields: DocumentFields }[] = [
    { ref, fields: { order: [...order, json.id] } },
    { ref: { ...ref, kind: 'category', key: json.id }, fields: { name: json.name, description: '' } },
  ];
  await saveDrafts(
    DB,
    drafts,
    session.user.id,
    context.now,
    drafts.map((entry) => editEvent(context, session.user.id, entry.ref)),
  );
  return { id: json.id };
}

/** What the course editor shows around the outline: numbers in use, learners per session, titles and categories. */
export async function getCourseStructure(
  context: ApiContext,
  { param: { courseId }, query }: { param: z.output<typeof courseKeyParams>; query: z.output<typeof courseStructureQuery> },
): Promise<CourseStructure> {
  const { defaultLocale, supported } = await siteLocales(context);
  const { DB } = context.env;
  if (!(await documentExists(DB, { siteId: context.siteId, kind: 'outline', key: courseId }))) {
    throw new HttpError(404, cmsMessage('documentNotFound', context.language, { kind: 'course', key: courseId }));
  }
  const locale = query.locale && supported.includes(query.locale) ? query.locale : defaultLocale;
  const [used, documents, categories] = await Promise.all([
    readUsedNumbers(DB, context.siteId, courseId),
    readCourseDocuments(DB, context.siteId, courseId),
    editorCategories(context, locale, defaultLocale),
  ]);
  const titles: Record<string, string> = {};
  // The main language's titles first, the requested language's over them.
  for (const wanted of [defaultLocale, locale]) {
    for (const document of documents) {
      if (document.kind !== 'course' && document.locale === wanted) titles[document.part] = (document.fields as { title: string }).title;
    }
  }
  // A title shown from the main language has no document in the requested one yet: its revision is none's.
  const inLocale = new Map(
    documents.filter((document) => document.kind !== 'course' && document.locale === locale).map((document) => [document.part, document.fields]),
  );
  const revisions = Object.fromEntries(
    await Promise.all(Object.keys(titles).map(async (part) => [part, await documentRevision(inLocale.get(part) ?? null)] as const)),
  );
  return {
    courseId,
    locale: defaultLocale,
    locales: supported,
    usedModules: used.modules.map((module) => module.number),
    usedSessions: used.sessions.map((entry) => `${entry.module}.${entry.number}`),
    learners: Object.fromEntries(used.sessions.filter((entry) => entry.learners > 0).map((entry) => [`${entry.module}.${entry.number}`, entry.learners])),
    titles,
    revisions,
    categories,
  };
}
