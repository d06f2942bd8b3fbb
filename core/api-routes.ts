import { z } from 'zod';
import { DOCUMENT_FIELDS } from './cms-document.ts';
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
  publishOutcome,
  versionParams,
} from './contracts/cms.ts';
import {
  cmsCatalogue,
  courseKeyParams,
  courseStructure,
  courseStructureQuery,
  createdCourse,
  duplicateCourseRequest,
  newCategoryRequest,
  newCourseRequest,
} from './contracts/cms-structure.ts';
import { createdRecord } from './contracts/common.ts';
import {
  answersBody,
  assessment,
  assessmentResult,
  assessmentReview,
  attemptParams,
  certificateFileParams,
  certificateFileQuery,
  certificateSummary,
  ecmCourseParams,
  ecmCourseSetup,
  ecmEventBody,
  ecmSettings,
  ecmSettingsBody,
  editionBody,
  editionParams,
  ecmProfile,
  ecmProfileBody,
  ecmProfileForm,
  ecmStatus,
  participantsParams,
  participantsQuery,
  auditFileParams,
  satisfactionForm,
  satisfactionOutcome,
  savedAnswers,
} from './contracts/ecm.ts';
import { SCORM_COMMIT_BYTES, scormCommit, scormCommitted } from './contracts/scorm.ts';
import { eventRequest, hitReceipt, hitRequest, hitWriterStatus } from './contracts/event.ts';
import { badge, level, progress } from './contracts/game.ts';
import {
  completion,
  courseDetail,
  courseParams,
  courseProgress,
  myCourses,
  positionRequest,
  completeRequest,
  progressQuery,
  savedPosition,
  sessionDetail,
  sessionParams,
} from './contracts/lms.ts';
import {
  cancelledUpload,
  deletedMedia,
  mediaItem,
  mediaParams,
  mediaUpload,
  partBody,
  partParams,
  receivedPart,
  uploadParams,
  uploadStart,
} from './contracts/media.ts';
import {
  courseAccess,
  courseAccessBody,
  courseKeyBody,
  courseLearnersPage,
  csvBody,
  enrolment,
  enrolmentCsvReport,
  importQuery,
  importReport,
  mailSent,
  newPersonBody,
  registrationSetting,
  enrolmentParams,
  pageQuery,
  peoplePage,
  peopleQuery,
  personCourses,
  personDetail,
  personParams,
  staffCourseParams,
  staffCoursesPage,
  unenrolment,
} from './contracts/people.ts';
import { role, roleParams } from './contracts/role.ts';
import { boilerplateEntry, categoryTag, locale, localesQuery, site, siteParams, tagQuery } from './contracts/site.ts';
import { statsOutcome } from './contracts/stats.ts';
import {
  createdSupportRequest,
  supportPage,
  supportParams,
  supportQuery,
  supportReplyBody,
  supportRequest,
  supportRequestBody,
  supportStatusBody,
} from './contracts/support.ts';
import { accountDeletionOutcome, accountDeletionRequest } from './contracts/data-rights.ts';
import {
  botChallenge,
  federatedLoginOutcome,
  federatedLoginRequest,
  loginRequest,
  logoutAllOutcome,
  logoutOutcome,
  user,
  userUpdateRequest,
} from './contracts/user.ts';
import {
  passwordChangeOutcome,
  passwordChangeRequest,
  passwordForgotOutcome,
  passwordForgotRequest,
  passwordResetOutcome,
  passwordResetRequest,
  invitationAcceptOutcome,
  invitationAcceptRequest,
} from './contracts/password.ts';
import { registerConfirmOutcome, registerConfirmRequest, registerOutcome, registerRequest, registerResendRequest } from './contracts/registration.ts';
import { satisfactionBody } from './ecm/satisfaction.ts';
import type { Permission } from './permissions.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route reads, each part a contract from core/contracts. */
export interface RequestContract {
  param?: z.ZodType;
  query?: z.ZodType;
  /** The body's schema, or one chosen by the validated path parameters (a CMS document's kind). */
  json?: z.ZodType | ((param: never) => z.ZodType);
  /** The JSON body's largest size in bytes, where a call needs more than the 64 KiB of every other (413 above it). */
  jsonBytes?: number;
  /**
   * A body of raw bytes (`application/octet-stream` with its Content-Length): a file's part,
   * handed to the handler as its length and a stream, never read whole or parsed.
   */
  bytes?: z.ZodType;
}

export { API_PREFIX } from './api-prefix.ts';

/**
 * One API call's contract: method, path (Hono syntax, `:name` parameters, below `/api`), the
 * request contracts, the response contract, and who may call.
 */
export interface RouteContract {
  method: Method;
  path: string;
  request?: RequestContract;
  /** The answer inside `{ outcome }`, or `fileAnswer` for a file the call answers as it is. */
  response: z.ZodType;
  /**
   * A signed-in user ('session', else 401) or one whose role grants the permission (else 401 or
   * 403). Checked before any input is read, so a visitor learns nothing more.
   */
  auth?: 'session' | Permission;
  /**
   * A call about one course (its `courseId` path parameter) for those the course lets in
   * (core/course-access.ts: open, or enrolled): anyone else gets a 403 saying how to get in, once
   * the path is read and before any other input.
   */
  enrolled?: true;
  /**
   * Calls only the build worker may make: for anyone else they do not exist (the 404 of an unknown
   * path). The browser's client does not offer them.
   */
  guard?: 'build-worker';
}

/** A file (certificate PDF, participants report): answered as it is, not as `{ outcome }`. */
export const fileAnswer = z.instanceof(Response);

/**
 * The platform API (docs/PRODUCT.md), and the calls the product summary leaves out, in the same style: the
 * contract of every route, keyed by the name of the handler `functions/routes.ts` binds to it.
 * Order matters where paths overlap (`/cms/builds/snapshot` before `/cms/builds/:id`).
 * The browser imports this table's type only (`src/lib/api-client.ts`), never its zod schemas.
 */
export const API_ROUTES = {
  login: { method: 'POST', path: '/auth/login', request: { json: loginRequest }, response: user },
  federatedLogin: { method: 'POST', path: '/auth/federated/login', request: { json: federatedLoginRequest }, response: federatedLoginOutcome },
  logout: { method: 'POST', path: '/auth/logout', response: logoutOutcome },
  logoutAll: { method: 'POST', path: '/auth/logout-all', auth: 'session', response: logoutAllOutcome },
  getChallenge: { method: 'GET', path: '/auth/challenge', response: botChallenge },
  getUser: { method: 'GET', path: '/auth/user', auth: 'session', response: user },
  putUser: { method: 'PUT', path: '/auth/user', auth: 'profile:write', request: { json: userUpdateRequest }, response: user },
  // Forgotten and changed passwords (functions/auth/password-*.ts); the pages post the same rules without JavaScript.
  postPasswordForgot: { method: 'POST', path: '/auth/password/forgot', request: { json: passwordForgotRequest }, response: passwordForgotOutcome },
  postPasswordReset: { method: 'POST', path: '/auth/password/reset', request: { json: passwordResetRequest }, response: passwordResetOutcome },
  // The invited person chooses a password through the invitation e-mail's link.
  postInvitationAccept: { method: 'POST', path: '/auth/invitation', request: { json: invitationAcceptRequest }, response: invitationAcceptOutcome },
  putPassword: { method: 'PUT', path: '/auth/password', auth: 'profile:write', request: { json: passwordChangeRequest }, response: passwordChangeOutcome },
  // Data rights (functions/rights/): the person's data as a JSON file (contract myData), and deleting the account.
  getMyData: { method: 'GET', path: '/auth/user/data', auth: 'session', response: fileAnswer },
  postAccountDeletion: {
    method: 'POST',
    path: '/auth/user/delete',
    auth: 'session',
    request: { json: accountDeletionRequest },
    response: accountDeletionOutcome,
  },
  // Registration (functions/auth/registration.ts); the pages post the same rules without JavaScript.
  postRegister: { method: 'POST', path: '/auth/register', request: { json: registerRequest }, response: registerOutcome },
  postRegisterConfirm: { method: 'POST', path: '/auth/register/confirm', request: { json: registerConfirmRequest }, response: registerConfirmOutcome },
  postRegisterResend: { method: 'POST', path: '/auth/register/resend', request: { json: registerResendRequest }, response: registerOutcome },
  getRole: { method: 'GET', path: '/role/:roleId', auth: 'session', request: { param: roleParams }, response: role },
  postEvent: { method: 'POST', path: '/event', auth: 'session', request: { json: eventRequest }, response: createdRecord },
  postHit: { method: 'POST', path: '/event/hit', request: { json: hitRequest }, response: hitReceipt },
  // `npm start` waits until nothing is queued before it stops a Worker; the benchmark counts statements.
  getHitWriter: { method: 'GET', path: '/event/hit/writer', guard: 'build-worker', response: hitWriterStatus },
  getProgress: { method: 'GET', path: '/lms/game/progress', auth: 'session', response: progress },
  getBadges: { method: 'GET', path: '/lms/game/badge', auth: 'session', response: z.array(badge) },
  getLevels: { method: 'GET', path: '/lms/game/level', auth: 'session', response: z.array(level) },
  getStats: { method: 'GET', path: '/stats', auth: 'session', response: statsOutcome },
  // Course content and progress.
  getMyCourses: { method: 'GET', path: '/lms/courses/mine', auth: 'session', response: myCourses },
  getCourse: { method: 'GET', path: '/lms/course/:courseId', auth: 'course:read', enrolled: true, request: { param: courseParams }, response: courseDetail },
  getSession: {
    method: 'GET',
    path: '/lms/course/:courseId/session/:module/:session',
    auth: 'course:read',
    enrolled: true,
    request: { param: sessionParams },
    response: sessionDetail,
  },
  postSessionComplete: {
    method: 'POST',
    path: '/lms/course/:courseId/session/:module/:session/complete',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams, json: completeRequest },
    response: completion,
  },
  putSessionPosition: {
    method: 'PUT',
    path: '/lms/course/:courseId/session/:module/:session/position',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams, json: positionRequest },
    response: savedPosition,
  },
  putScormCommit: {
    method: 'PUT',
    path: '/lms/course/:courseId/session/:module/:session/scorm',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams, json: scormCommit, jsonBytes: SCORM_COMMIT_BYTES },
    response: scormCommitted,
  },
  // Visitors get `signedIn: false`, not a 401: learning-path pages ask for everyone.
  getCourseProgress: { method: 'GET', path: '/lms/courses/progress', request: { query: progressQuery }, response: courseProgress },
  // CMS mode: editors' drafts, versions and publishing.
  getDocument: { method: 'GET', path: '/cms/documents/:kind/:locale/:key', auth: 'drafts:read', request: { param: documentParams }, response: editorView },
  putDocument: {
    method: 'PUT',
    path: '/cms/documents/:kind/:locale/:key',
    auth: 'content:edit',
    request: { param: documentParams, json: ({ kind }: z.output<typeof documentParams>) => DOCUMENT_FIELDS[kind] },
    response: editorView,
  },
  deleteDraft: { method: 'DELETE', path: '/cms/documents/:kind/:locale/:key', auth: 'content:edit', request: { param: documentParams }, response: editorView },
  getDrafts: { method: 'GET', path: '/cms/drafts', auth: 'drafts:read', request: { query: draftsQuery }, response: z.array(draft) },
  revertVersion: { method: 'POST', path: '/cms/versions/:id/revert', auth: 'content:edit', request: { param: versionParams }, response: editorView },
  publish: { method: 'POST', path: '/cms/publish', auth: 'content:publish', response: publishOutcome },
  getBuilds: { method: 'GET', path: '/cms/builds', auth: 'content:publish', response: z.array(buildRequest) },
  // Support requests for staff (functions/support/): a page at a time, replies by e-mail, closing and reopening.
  getSupportRequests: { method: 'GET', path: '/cms/support', auth: 'support:read', request: { query: supportQuery }, response: supportPage },
  postSupportReply: {
    method: 'POST',
    path: '/cms/support/:id/reply',
    auth: 'support:read',
    request: { param: supportParams, json: supportReplyBody },
    response: supportRequest,
  },
  putSupportStatus: {
    method: 'PUT',
    path: '/cms/support/:id/status',
    auth: 'support:read',
    request: { param: supportParams, json: supportStatusBody },
    response: supportRequest,
  },
  // Course authoring: new courses, copies and categories start as drafts; the outline document holds the structure.
  getCmsCourses: { method: 'GET', path: '/cms/courses', auth: 'drafts:read', response: cmsCatalogue },
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
  // CMS mode: the media library, and files uploaded in parts that resume after a dropped connection.
  getMediaLibrary: { method: 'GET', path: '/cms/media', auth: 'content:edit', response: z.array(mediaItem) },
  deleteMedia: { method: 'DELETE', path: '/cms/media/:key', auth: 'content:edit', request: { param: mediaParams }, response: deletedMedia },
  startUpload: { method: 'POST', path: '/cms/uploads', auth: 'content:edit', request: { json: uploadStart }, response: mediaUpload },
  getUploads: { method: 'GET', path: '/cms/uploads', auth: 'content:edit', response: z.array(mediaUpload) },
  getUpload: { method: 'GET', path: '/cms/uploads/:id', auth: 'content:edit', request: { param: uploadParams }, response: mediaUpload },
  cancelUpload: { method: 'DELETE', path: '/cms/uploads/:id', auth: 'content:edit', request: { param: uploadParams }, response: cancelledUpload },
  putUploadPart: {
    method: 'PUT',
    path: '/cms/uploads/:id/parts/:part',
    auth: 'content:edit',
    request: { param: partParams, bytes: partBody },
    response: receivedPart,
  },
  completeUpload: { method: 'POST', path: '/cms/uploads/:id/complete', auth: 'content:edit', request: { param: uploadParams }, response: mediaItem },
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
  postSupportRequest: { method: 'POST', path: '/support', request: { json: supportRequestBody }, response: createdSupportRequest },
  getSite: { method: 'GET', path: '/site/sites/:siteId', request: { param: siteParams }, response: site },
  getLocales: { method: 'GET', path: '/i18n/locales', request: { query: localesQuery }, response: z.array(locale) },
  // The product's client asks with a trailing slash; both spellings answer.
  getBoilerplate: { method: 'GET', path: '/i18n/boilerplate', response: z.array(boilerplateEntry) },
  getBoilerplateSlash: { method: 'GET', path: '/i18n/boilerplate/', response: z.array(boilerplateEntry) },
  getTags: { method: 'GET', path: '/content/tag', request: { query: tagQuery }, response: z.array(categoryTag) },
  // ECM: assessment, questionnaire, certificates, the registry fields and the editors' reports.
  getEcmStatus: {
    method: 'GET',
    path: '/lms/course/:courseId/ecm',
    auth: 'course:read',
    enrolled: true,
    request: { param: ecmCourseParams },
    response: ecmStatus,
  },
  getAssessment: {
    method: 'GET',
    path: '/lms/course/:courseId/assessment',
    auth: 'progress:write',
    enrolled: true,
    request: { param: ecmCourseParams },
    response: assessment,
  },
  getAssessmentReview: {
    method: 'GET',
    path: '/lms/course/:courseId/assessment/review',
    auth: 'course:read',
    enrolled: true,
    request: { param: ecmCourseParams },
    response: assessmentReview,
  },
  putAssessmentAnswers: {
    method: 'PUT',
    path: '/lms/course/:courseId/assessment/:attemptId',
    auth: 'progress:write',
    enrolled: true,
    request: { param: attemptParams, json: answersBody },
    response: savedAnswers,
  },
  submitAssessment: {
    method: 'POST',
    path: '/lms/course/:courseId/assessment/:attemptId/submit',
    auth: 'progress:write',
    enrolled: true,
    request: { param: attemptParams, json: answersBody },
    response: assessmentResult,
  },
  getSatisfaction: {
    method: 'GET',
    path: '/lms/course/:courseId/satisfaction',
    auth: 'course:read',
    enrolled: true,
    request: { param: ecmCourseParams },
    response: satisfactionForm,
  },
  postSatisfaction: {
    method: 'POST',
    path: '/lms/course/:courseId/satisfaction',
    auth: 'progress:write',
    enrolled: true,
    request: { param: ecmCourseParams, json: satisfactionBody },
    response: satisfactionOutcome,
  },
  postCertificate: {
    method: 'POST',
    path: '/lms/course/:courseId/certificate',
    auth: 'progress:write',
    enrolled: true,
    request: { param: ecmCourseParams },
    response: certificateSummary,
  },
  getCertificates: { method: 'GET', path: '/lms/certificates', auth: 'session', response: z.array(certificateSummary) },
  // `:code` is the file name, `{code}.pdf`.
  getCertificatePdf: {
    method: 'GET',
    path: '/lms/certificates/:code',
    auth: 'session',
    request: { param: certificateFileParams, query: certificateFileQuery },
    response: fileAnswer,
  },
  getEcmProfile: { method: 'GET', path: '/lms/ecm/profile', auth: 'session', response: ecmProfileForm },
  putEcmProfile: { method: 'PUT', path: '/lms/ecm/profile', auth: 'profile:write', request: { json: ecmProfileBody }, response: ecmProfile },
  // The ECM screen: the provider, the time rule, each course's event and editions.
  getEcmSettings: { method: 'GET', path: '/cms/ecm/settings', auth: 'ecm:report', response: ecmSettings },
  putEcmSettings: { method: 'PUT', path: '/cms/ecm/settings', auth: 'content:edit', request: { json: ecmSettingsBody }, response: ecmSettings },
  // Before `/cms/ecm/:courseId/:report`, which would otherwise take `editions` for a report.
  getEcmCourseSetup: { method: 'GET', path: '/cms/ecm/:courseId/editions', auth: 'ecm:report', request: { param: ecmCourseParams }, response: ecmCourseSetup },
  putEcmEvent: {
    method: 'PUT',
    path: '/cms/ecm/:courseId/event',
    auth: 'content:edit',
    request: { param: ecmCourseParams, json: ecmEventBody },
    response: ecmCourseSetup,
  },
  putEdition: {
    method: 'PUT',
    path: '/cms/ecm/:courseId/editions/:number',
    auth: 'content:edit',
    request: { param: editionParams, json: editionBody },
    response: ecmCourseSetup,
  },
  // `:report` is `participants.csv` or `participants.xml`; `?edition=N` picks the edition (else the current one).
  getParticipants: {
    method: 'GET',
    path: '/cms/ecm/:courseId/:report',
    auth: 'ecm:report',
    request: { param: participantsParams, query: participantsQuery },
    response: fileAnswer,
  },
  // For the inspector and the staff: every learner's tracked time, attempts, questionnaire (done or not) and
  // certificate; the questionnaire's anonymous totals. `?edition=N`: one edition, else all of them.
  getAuditFile: {
    method: 'GET',
    path: '/audit/ecm/:courseId/:file',
    auth: 'ecm:audit',
    request: { param: auditFileParams, query: participantsQuery },
    response: fileAnswer,
  },
  // A learner enrols with the course key staff handed out.
  postKeyEnrolment: {
    method: 'POST',
    path: '/lms/course/:courseId/enrolment',
    auth: 'course:read',
    request: { param: staffCourseParams, json: courseKeyBody },
    response: enrolment,
  },
  // Staff (people:manage): the learners list, suspension, enrolment per course and progress reports.
  getPeople: { method: 'GET', path: '/staff/people', auth: 'people:manage', request: { query: peopleQuery }, response: peoplePage },
  // Staff create accounts (invited by e-mail), one by one or by CSV import, resend invitations and send password resets.
  postPerson: { method: 'POST', path: '/staff/people', auth: 'people:manage', request: { json: newPersonBody }, response: personDetail },
  postPeopleImport: {
    method: 'POST',
    path: '/staff/people/import',
    auth: 'people:manage',
    request: { query: importQuery, bytes: csvBody },
    response: importReport,
  },
  postInvitation: { method: 'POST', path: '/staff/people/:userId/invitation', auth: 'people:manage', request: { param: personParams }, response: mailSent },
  postPersonPasswordReset: {
    method: 'POST',
    path: '/staff/people/:userId/password-reset',
    auth: 'people:manage',
    request: { param: personParams },
    response: mailSent,
  },
  getRegistrationSetting: { method: 'GET', path: '/staff/registration', auth: 'people:manage', response: registrationSetting },
  putRegistrationSetting: {
    method: 'PUT',
    path: '/staff/registration',
    auth: 'people:manage',
    request: { json: registrationSetting },
    response: registrationSetting,
  },
  getPerson: { method: 'GET', path: '/staff/people/:userId', auth: 'people:manage', request: { param: personParams }, response: personDetail },
  postSuspension: { method: 'POST', path: '/staff/people/:userId/suspend', auth: 'people:manage', request: { param: personParams }, response: personDetail },
  postReactivation: {
    method: 'POST',
    path: '/staff/people/:userId/reactivate',
    auth: 'people:manage',
    request: { param: personParams },
    response: personDetail,
  },
  getPersonCourses: { method: 'GET', path: '/staff/people/:userId/courses', auth: 'people:manage', request: { param: personParams }, response: personCourses },
  getPersonCoursesCsv: {
    method: 'GET',
    path: '/staff/people/:userId/courses.csv',
    auth: 'people:manage',
    request: { param: personParams },
    response: fileAnswer,
  },
  getStaffCourses: { method: 'GET', path: '/staff/courses', auth: 'people:manage', request: { query: pageQuery }, response: staffCoursesPage },
  getCourseAccess: {
    method: 'GET',
    path: '/staff/courses/:courseId/access',
    auth: 'people:manage',
    request: { param: staffCourseParams },
    response: courseAccess,
  },
  putCourseAccess: {
    method: 'PUT',
    path: '/staff/courses/:courseId/access',
    auth: 'people:manage',
    request: { param: staffCourseParams, json: courseAccessBody },
    response: courseAccess,
  },
  postCourseKey: { method: 'POST', path: '/staff/courses/:courseId/key', auth: 'people:manage', request: { param: staffCourseParams }, response: courseAccess },
  deleteCourseKey: {
    method: 'DELETE',
    path: '/staff/courses/:courseId/key',
    auth: 'people:manage',
    request: { param: staffCourseParams },
    response: courseAccess,
  },
  getCourseLearners: {
    method: 'GET',
    path: '/staff/courses/:courseId/learners',
    auth: 'people:manage',
    request: { param: staffCourseParams, query: pageQuery },
    response: courseLearnersPage,
  },
  getCourseLearnersCsv: {
    method: 'GET',
    path: '/staff/courses/:courseId/learners.csv',
    auth: 'people:manage',
    request: { param: staffCourseParams },
    response: fileAnswer,
  },
  postEnrolmentsCsv: {
    method: 'POST',
    path: '/staff/courses/:courseId/enrolments.csv',
    auth: 'people:manage',
    request: { param: staffCourseParams, bytes: csvBody },
    response: enrolmentCsvReport,
  },
  putEnrolment: {
    method: 'PUT',
    path: '/staff/courses/:courseId/enrolments/:userId',
    auth: 'people:manage',
    request: { param: enrolmentParams },
    response: enrolment,
  },
  deleteEnrolment: {
    method: 'DELETE',
    path: '/staff/courses/:courseId/enrolments/:userId',
    auth: 'people:manage',
    request: { param: enrolmentParams },
    response: unenrolment,
  },
} as const satisfies Record<string, RouteContract>;

export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;
