import { z } from 'zod';
import { DOCUMENT_FIELDS } from '../cms-document.ts';
import { plainText } from './common.ts';

const courseKey = z.string().regex(/^[a-z0-9-]{1,80}$/);
const title = z.string().trim().min(1).max(200).superRefine(plainText());

/** `GET /api/cms/courses`: every course of the site, live, withdrawn or not yet published. */
export const cmsCourse = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['new', 'live', 'withdrawn']),
  /** Something of it waits to be published. */
  drafted: z.boolean(),
  sessions: z.number().int(),
});
export type CmsCourse = z.infer<typeof cmsCourse>;

/** A category as editors choose it: live ones, then those only drafted so far. */
const editorCategory = z.object({ id: z.string(), name: z.string() });

/** `GET /api/cms/courses`: the courses, the categories and the site's main language (where structure is kept). */
export const cmsCatalogue = z.object({ locale: z.string(), courses: z.array(cmsCourse), categories: z.array(editorCategory) });
export type CmsCatalogue = z.infer<typeof cmsCatalogue>;

/** `POST /api/cms/courses`: a new course, drafted in the site's main language with one empty module. */
export const newCourseRequest = z.object({
  id: courseKey,
  title,
  summary: DOCUMENT_FIELDS.course.shape.summary,
  description: DOCUMENT_FIELDS.course.shape.description,
  category: z.string().regex(/^[a-z0-9-]{1,100}$/),
  ecmCredits: DOCUMENT_FIELDS.outline.shape.ecmCredits,
  moduleTitle: title,
});

export const courseKeyParams = z.object({ courseId: z.string().regex(/^[a-z0-9-]{1,100}$/) });

/** `POST /api/cms/courses/{id}/duplicate`: a copy of a course's structure and every text, under a new id. */
export const duplicateCourseRequest = z.object({ id: courseKey, title });

/** `POST /api/cms/categories`: a new category, appended to the catalogue's order. */
export const newCategoryRequest = z.object({ id: courseKey, name: DOCUMENT_FIELDS.category.shape.name });

/** What the course editor needs beyond the outline document: used numbers, learners per session, titles and categories. */
export const courseStructure = z.object({
  courseId: z.string(),
  /** Where the course's structure documents are kept: the site's main language. */
  locale: z.string(),
  /** The site's languages: a video has captions in each. */
  locales: z.array(z.string()),
  usedModules: z.array(z.number().int()),
  /** `{module}.{session}` of every session ever created, removed ones too. */
  usedSessions: z.array(z.string()),
  /** Learners who completed each session: `{module}.{session}` → count. */
  learners: z.record(z.string(), z.number().int()),
  /** Module and session titles in the requested language (draft over live): `{m}` and `{m}.{s}` → title. */
  titles: z.record(z.string(), z.string()),
  /**
   * The revision of each of those titles' documents in the requested language (`{m}`, `{m}.{s}`;
   * core/document-revision.ts), for a title's save to send as `If-Match`.
   */
  revisions: z.record(z.string(), z.string()).optional(),
  categories: z.array(editorCategory),
});
export type CourseStructure = z.infer<typeof courseStructure>;

export const courseStructureQuery = z.object({
  locale: z
    .string()
    .regex(/^[a-z]{2}-[A-Z]{2}$/)
    .optional(),
});

export const createdCourse = z.object({ id: z.string() });
