import { DOCUMENT_KINDS, type DocumentKind } from '../../core/cms-document.ts';
import { outlineKeys, type Outline } from '../../core/course-outline.ts';
import type { ApiContext } from '../api-context.ts';
import { documentExists, type Draft } from '../data/cms/documents.ts';
import { hasCourseText, readCategoryKeys, readTitledKeys, readUsedNumbers } from '../data/cms/structure.ts';
import { findSite } from '../data/site/sites.ts';
import { HttpError } from '../http-error.ts';
import { cmsMessage } from './messages.ts';

/** A publish writes structure before texts: categories, then courses' outlines, then everything that names them. */
export const PUBLISH_ORDER: readonly DocumentKind[] = [
  'categories',
  'category',
  'outline',
  'course',
  'module',
  'session',
  ...DOCUMENT_KINDS.filter((kind) => !['categories', 'category', 'outline', 'course', 'module', 'session'].includes(kind)),
];

/**
 * An outline may reorder, add and remove, but not bring back a number that a removed module or
 * session had: learners' records still name it. Its category must exist or be on its way.
 */
export async function checkOutlineDraft(context: ApiContext, courseId: string, outline: Outline): Promise<void> {
  const { DB } = context.env;
  if (!(await documentExists(DB, { siteId: context.siteId, kind: 'category', key: outline.category }))) {
    throw new HttpError(400, cmsMessage('categoryUnknown', context.language, { id: outline.category }));
  }
  const used = await readUsedNumbers(DB, context.siteId, courseId);
  const removedModules = new Set(used.modules.filter((module) => module.removed).map((module) => module.number));
  const removedSessions = new Set(used.sessions.filter((entry) => entry.removed).map((entry) => `${entry.module}.${entry.number}`));
  for (const module of outline.modules) {
    if (removedModules.has(module.number)) throw new HttpError(400, cmsMessage('numberRemoved', context.language, { key: String(module.number) }));
    for (const entry of module.sessions) {
      const key = `${module.number}.${entry.number}`;
      if (removedSessions.has(key)) throw new HttpError(400, cmsMessage('numberRemoved', context.language, { key }));
    }
  }
}

/** The categories' order lists every category (none is deleted); a new id takes no other category's address. */
export async function checkCategoriesDraft(context: ApiContext, fields: { order: string[] }): Promise<void> {
  const categories = await readCategoryKeys(context.env.DB, context.siteId);
  const own = categories.filter((category) => category.own);
  const missing = own.find((category) => !fields.order.includes(category.id));
  if (missing) throw new HttpError(400, cmsMessage('categoryMissing', context.language, { id: missing.id }));
  const ownIds = new Set(own.map((category) => category.id));
  for (const id of fields.order) {
    if (ownIds.has(id)) continue;
    if (categories.some((category) => category.id === id || category.slug === id))
      throw new HttpError(409, cmsMessage('categoryIdTaken', context.language, { id }));
  }
}

/**
 * What a publish must hold for the structure it puts live: every course it publishes has a
 * session, and every course, module and session has its title in the site's main language (live
 * or in this publish), so no page shows an empty heading; categories exist by then.
 */
export async function checkStructureToPublish(context: ApiContext, drafts: readonly Draft[]): Promise<void> {
  const outlines = drafts.filter((draft) => draft.kind === 'outline');
  if (outlines.length === 0) return;
  const { DB } = context.env;
  const defaultLocale = (await findSite(DB, context.siteId))?.defaultLocale ?? context.localeCode;
  const drafted = new Set(drafts.filter((draft) => draft.locale === defaultLocale).map((draft) => `${draft.kind}|${draft.key}`));
  const categoriesDraft = drafts.find((draft) => draft.kind === 'categories')?.fields as { order: string[] } | undefined;
  const liveCategories = new Set((await readCategoryKeys(DB, context.siteId)).filter((category) => category.own).map((category) => category.id));
  for (const draft of outlines) {
    const outline = draft.fields as Outline;
    const courseId = draft.key;
    if (!outline.modules.some((module) => module.sessions.length > 0)) {
      throw new HttpError(400, cmsMessage('courseWithoutSessions', context.language, { id: courseId }));
    }
    if (!liveCategories.has(outline.category) && !categoriesDraft?.order.includes(outline.category)) {
      throw new HttpError(400, cmsMessage('categoryUnknown', context.language, { id: outline.category }));
    }
    if (!drafted.has(`course|${courseId}`) && !(await hasCourseText(DB, courseId, defaultLocale))) {
      throw new HttpError(400, cmsMessage('titleMissing', context.language, { locale: defaultLocale, key: courseId }));
    }
    const titled = await readTitledKeys(DB, courseId, defaultLocale);
    const { modules, sessions } = outlineKeys(courseId, outline);
    const untitled = [...modules.map((key) => ['module', key] as const), ...sessions.map((key) => ['session', key] as const)].find(
      ([kind, key]) => !titled.has(key) && !drafted.has(`${kind}|${key}`),
    );
    if (untitled) throw new HttpError(400, cmsMessage('titleMissing', context.language, { locale: defaultLocale, key: untitled[1] }));
  }
}
