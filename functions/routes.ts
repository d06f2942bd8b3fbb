import { API_ROUTES, type ApiRoutes, type RouteContract, type RouteName } from '../core/api-routes.ts';
import { getChallenge, getUser, login, logout, logoutAll, putUser, postEmailConfirm } from './auth/handlers.ts';
import { federatedLogin } from './auth/federated-handlers.ts';
import { postPasswordForgot, postPasswordReset, putPassword } from './auth/password-handlers.ts';
import { postRegister, postRegisterConfirm, postRegisterResend } from './auth/registration-handlers.ts';
import { getRole } from './auth/role-handlers.ts';
import { claimBuild, finishBuild, getSnapshot, isBuildWorker } from './cms/build-worker-handlers.ts';
import { getCmsCourses, getCourseStructure, postCategory, postCourse, postCourseDuplicate } from './cms/course-handlers.ts';
import { getLinkTargets } from './cms/link-target-handlers.ts';
import { deleteDraft, getBuild, getBuilds, getDocument, getDrafts, publish, putDocument, revertVersion } from './cms/handlers.ts';
import { getAssessment, getAssessmentReview, getEcmStatus, putAssessmentAnswers, submitAssessment } from './ecm/assessment-handlers.ts';
import { getCertificatePdf, getCertificates, getSatisfaction, postCertificate, postSatisfaction } from './ecm/certificate-handlers.ts';
import { getEcmProfile, putEcmProfile } from './ecm/profile-handlers.ts';
import { getParticipants } from './ecm/report-handlers.ts';
import { getEcmCourseSetup, getEcmSettings, putEcmEvent, putEcmSettings, putEdition } from './ecm/setup-handlers.ts';
import { getAuditFile } from './ecm/audit-handlers.ts';
import type { Env } from './env.ts';
import { postEvent } from './events/handlers.ts';
import { getHitWriter, postHit, postHitWriterRetire } from './hits/handlers.ts';
import { getStats } from './hits/stats-handlers.ts';
import { getBadges, getLevels, getProgress } from './lms/game-handlers.ts';
import { deleteMedia, getMediaLibrary } from './media/library-handlers.ts';
import { cancelUpload, completeUpload, getUpload, getUploads, putUploadPart, startUpload } from './media/upload-handlers.ts';
import { getCourse, getCourseProgress, getMyCourses, getSession, postSessionComplete, putSessionPosition } from './lms/handlers.ts';
import { postScormGrant, putScormCommit } from './scorm/runtime-handlers.ts';
import { bindRoute, type HandlerOf, type Route } from './route.ts';
import { getBoilerplate, getLocales, getSite, getTags } from './site/handlers.ts';
import {
  deleteCourseKey,
  deleteEnrolment,
  getCourseAccess,
  getCourseLearners,
  getCourseLearnersCsv,
  getStaffCourses,
  postCourseKey,
  postKeyEnrolment,
  putCourseAccess,
  putEnrolment,
} from './people/course-handlers.ts';
import {
  getRegistrationSetting,
  postEnrolmentsCsv,
  postInvitation,
  postInvitationAccept,
  postPeopleImport,
  postPerson,
  postPersonConfirmation,
  postPersonPasswordReset,
  putPerson,
  putRegistrationSetting,
} from './people/account-handlers.ts';
import {
  deletePerson,
  getPeople,
  getPerson,
  getPersonCourses,
  getPersonCoursesCsv,
  postReactivation,
  postSuspension,
  putPersonFiscalCode,
} from './people/handlers.ts';
import { getSupportRequests, postSupportReply, postSupportRequest, putSupportStatus } from './support/handlers.ts';
import { getMyData, postAccountDeletion } from './rights/handlers.ts';

/**
 * A handler for every contract of core/api-routes.ts, typed by it: a missing handler, or one whose
 * input or answer differs from the contract's, does not compile.
 */
const HANDLERS: { [Name in RouteName]: HandlerOf<ApiRoutes[Name]> } = {
  login,
  federatedLogin,
  logout,
  logoutAll,
  getChallenge,
  getUser,
  putUser,
  postEmailConfirm,
  postPasswordForgot,
  postPasswordReset,
  postInvitationAccept,
  putPassword,
  getMyData,
  postAccountDeletion,
  postRegister,
  postRegisterConfirm,
  postRegisterResend,
  getRole,
  postEvent,
  postHit,
  getHitWriter,
  postHitWriterRetire,
  getProgress,
  getBadges,
  getLevels,
  getStats,
  getMyCourses,
  getCourse,
  getSession,
  postSessionComplete,
  putSessionPosition,
  putScormCommit,
  postScormGrant,
  getCourseProgress,
  getDocument,
  putDocument,
  deleteDraft,
  getDrafts,
  revertVersion,
  publish,
  getBuilds,
  getSupportRequests,
  postSupportReply,
  putSupportStatus,
  getCmsCourses,
  getLinkTargets,
  postCourse,
  postCourseDuplicate,
  getCourseStructure,
  postCategory,
  getMediaLibrary,
  deleteMedia,
  startUpload,
  getUploads,
  getUpload,
  cancelUpload,
  putUploadPart,
  completeUpload,
  getSnapshot,
  getBuild,
  claimBuild,
  finishBuild,
  postSupportRequest,
  getSite,
  getLocales,
  getBoilerplate,
  getBoilerplateSlash: getBoilerplate,
  getTags,
  getEcmStatus,
  getAssessment,
  getAssessmentReview,
  putAssessmentAnswers,
  submitAssessment,
  getSatisfaction,
  postSatisfaction,
  postCertificate,
  getCertificates,
  getCertificatePdf,
  getEcmProfile,
  putEcmProfile,
  getEcmSettings,
  putEcmSettings,
  getEcmCourseSetup,
  putEcmEvent,
  putEdition,
  getParticipants,
  getAuditFile,
  postKeyEnrolment,
  getPeople,
  postPerson,
  postPeopleImport,
  postInvitation,
  postPersonPasswordReset,
  postPersonConfirmation,
  getRegistrationSetting,
  putRegistrationSetting,
  getPerson,
  putPerson,
  postSuspension,
  deletePerson,
  postReactivation,
  putPersonFiscalCode,
  getPersonCourses,
  getPersonCoursesCsv,
  getStaffCourses,
  getCourseAccess,
  putCourseAccess,
  postCourseKey,
  deleteCourseKey,
  getCourseLearners,
  getCourseLearnersCsv,
  postEnrolmentsCsv,
  putEnrolment,
  deleteEnrolment,
};

const GUARDS: Record<NonNullable<RouteContract['guard']>, (request: Request, env: Env) => Promise<boolean>> = { 'build-worker': isBuildWorker };

/** Every route of the table, in its order, with its handler and guard. */
export const ROUTES: Route[] = (Object.keys(API_ROUTES) as RouteName[]).map((name) => {
  const contract: RouteContract = API_ROUTES[name];
  return bindRoute(contract, HANDLERS[name] as HandlerOf<RouteContract>, contract.guard && GUARDS[contract.guard]);
});
