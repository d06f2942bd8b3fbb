import { z } from 'zod';
import { DOCUMENT_FIELDS } from '../cms-document.ts';
import {
  cmsCatalogue,
  courseKeyParams,
  courseStructure,
  courseStructureQuery,
  createdCourse,
  duplicateCourseRequest,
  newCategoryRequest,
  newCourseRequest,
} from '../contracts/cms-structure.ts';
import {
  buildParams,
  buildRequest,
  claimedBuild,
  contentSnapshot,
  documentParams,
  draft,
  draftsQuery,
  editorView,
  finishBuildRequest,
  finishedBuild,
  linkTargets,
  linkTargetsQuery,
  publishOutcome,
  publishQuery,
  versionParams,
} from '../contracts/cms.ts';
import type { RouteContract } from './contract.ts';
import { RICH_DOC_MAX } from '../rich-text.ts';

/** A document's fields as sent, in bytes: a lesson's document at its longest (up to three UTF-8 bytes a character), and its title. */
const DOCUMENT_BYTES = RICH_DOC_MAX * 3 + 16_384;

/** CMS mode: drafts, versions, publishing, builds and course authoring: functions/cms/. */
export const CMS_ROUTES = {
  // CMS mode: editors' drafts, versions and publishing.
  getDocument: { method: 'GET', path: '/cms/documents/:kind/:locale/:key', auth: 'drafts:read', request: { param: documentParams }, response: editorView },
  putDocument: {
    method: 'PUT',
    path: '/cms/documents/:kind/:locale/:key',
    auth: 'content:edit',
    // A lesson's document may be longer than the default body: its own limit, with room for the title.
    request: { param: documentParams, json: ({ kind }: z.output<typeof documentParams>) => DOCUMENT_FIELDS[kind], jsonBytes: DOCUMENT_BYTES },
    response: editorView,
  },
  deleteDraft: { method: 'DELETE', path: '/cms/documents/:kind/:locale/:key', auth: 'content:edit', request: { param: documentParams }, response: editorView },
  getDrafts: { method: 'GET', path: '/cms/drafts', auth: 'drafts:read', request: { query: draftsQuery }, response: z.array(draft) },
  revertVersion: { method: 'POST', path: '/cms/versions/:id/revert', auth: 'content:edit', request: { param: versionParams }, response: editorView },
  publish: { method: 'POST', path: '/cms/publish', auth: 'content:publish', request: { query: publishQuery }, response: publishOutcome },
  getBuilds: { method: 'GET', path: '/cms/builds', auth: 'content:publish', response: z.array(buildRequest) },
  // Course authoring: new courses, copies and categories start as drafts; the outline document holds the structure.
  getCmsCourses: { method: 'GET', path: '/cms/courses', auth: 'drafts:read', response: cmsCatalogue },
  getLinkTargets: { method: 'GET', path: '/cms/link-targets', auth: 'drafts:read', request: { query: linkTargetsQuery }, response: linkTargets },
  postCourse: { method: 'POST', path: '/cms/courses', auth: 'content:edit', request: { json: newCourseRequest }, response: createdCourse },
  postCourseDuplicate: {
    method: 'POST',
    path: '/cms/courses/:courseId/duplicate',
    auth: 'content:edit',
    request: { param: courseKeyParams, json: duplicateCourseRequest },
    response: createdCourse,
  },
  getCourseStructure: {
    method: 'GET',
    path: '/cms/courses/:courseId/structure',
    auth: 'drafts:read',
    request: { param: courseKeyParams, query: courseStructureQuery },
    response: courseStructure,
  },
  postCategory: { method: 'POST', path: '/cms/categories', auth: 'content:edit', request: { json: newCategoryRequest }, response: createdCourse },
  // Before `/cms/builds/:id`, which would otherwise take `snapshot` for an id.
  getSnapshot: { method: 'GET', path: '/cms/builds/snapshot', guard: 'build-worker', response: contentSnapshot },
  getBuild: { method: 'GET', path: '/cms/builds/:id', auth: 'content:publish', request: { param: buildParams }, response: buildRequest },
  // The build worker's calls: without its token they do not exist (404 before anything is read).
  claimBuild: { method: 'POST', path: '/cms/builds/claim', guard: 'build-worker', response: claimedBuild },
  finishBuild: {
    method: 'POST',
    path: '/cms/builds/:id/finish',
    guard: 'build-worker',
    request: { param: buildParams, json: finishBuildRequest },
    response: finishedBuild,
  },
} as const satisfies Record<string, RouteContract>;
