import { z } from 'zod';
import { DOCUMENT_FIELDS, DOCUMENT_KINDS, type DocumentFields } from '../cms-document.ts';
import { localeCode } from './common.ts';

export { DOCUMENT_FIELDS };

/** `/api/cms/documents/{kind}/{locale}/{key}`; the body of a PUT is `DOCUMENT_FIELDS[kind]`. */
export const documentParams = z.object({ kind: z.enum(DOCUMENT_KINDS), locale: localeCode, key: z.string().min(1).max(110) });

/** Any kind's fields, as views and lists carry them. */
const documentFields = z.custom<DocumentFields>((value) => typeof value === 'object' && value !== null);

export const version = z.object({
  id: z.number().int(),
  fields: documentFields,
  author: z.string(),
  createdAt: z.string(),
  status: z.enum(['draft', 'published', 'live-before']),
});
export type Version = z.infer<typeof version>;

export const draft = z.object({
  locale: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  key: z.string(),
  fields: documentFields,
  author: z.string(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draft>;

/**
 * What the editor shows of one document: the live text, the pending draft and the history, and the
 * revision of the text it starts from: a save sends it back in `If-Match` (core/document-revision.ts).
 */
export const editorView = z.object({
  live: documentFields.nullable(),
  draft: draft.nullable(),
  versions: z.array(version),
  revision: z.string(),
});
export type EditorView = z.infer<typeof editorView>;

export const draftsQuery = z.object({ locale: localeCode.optional() });

/** The locale of the text being written: its links point at pages and sessions in that locale. */
export const linkTargetsQuery = z.object({ locale: localeCode });
const linkTarget = z.object({ title: z.string(), href: z.string() });
/** What a lesson may link to, picked from a list: the site's pages, and each course's sessions. */
export const linkTargets = z.object({
  pages: z.array(linkTarget),
  courses: z.array(linkTarget.extend({ sessions: z.array(linkTarget) })),
});
export type LinkTargets = z.infer<typeof linkTargets>;

export const versionParams = z.object({ id: z.coerce.number().int().positive() });
export const buildParams = versionParams;

export const buildRequest = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'building', 'live', 'failed']),
  runner: z.enum(['local', 'hook']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  buildId: z.string().nullable(),
  error: z.string().nullable(),
});
export type BuildRequest = z.infer<typeof buildRequest>;

/** `POST /api/cms/publish[?course=]`: everything drafted, or one course's drafts only (core/cms-document.ts `documentCourse`). */
export const publishQuery = z.object({
  course: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional(),
});

export const publishOutcome = z.object({ requestId: z.number().int(), documents: z.number().int(), build: buildRequest.nullable() });
export type PublishOutcome = z.infer<typeof publishOutcome>;

/** The build worker's calls (`scripts/build-worker.mjs`, or the CI a deploy hook starts). */
export const claimedBuild = z.object({ id: z.number().int(), siteId: z.string() }).nullable();
export const finishBuildRequest = z.object({
  status: z.enum(['live', 'failed']),
  buildId: z.string().max(100).optional(),
  error: z.string().max(2000).optional(),
});
export const finishedBuild = z.object({ id: z.number().int() });
/** The published content a build renders (`GET /api/cms/builds/snapshot`): rows per table. */
export const contentSnapshot = z.object({
  tables: z.record(z.string(), z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))),
});
