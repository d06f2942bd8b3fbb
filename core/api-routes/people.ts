import { invitationAcceptOutcome, invitationAcceptRequest } from '../contracts/password.ts';
import {
  courseAccess,
  courseAccessBody,
  courseKeyBody,
  courseLearnersPage,
  csvBody,
  enrolment,
  enrolmentCsvReport,
  enrolmentParams,
  fiscalCodeBody,
  importQuery,
  importReport,
  mailSent,
  newPersonBody,
  pageQuery,
  peoplePage,
  peopleQuery,
  personCourses,
  personDeletion,
  personDetail,
  personEditBody,
  personParams,
  registrationSetting,
  staffCourseParams,
  staffCoursesPage,
  unenrolment,
} from '../contracts/people.ts';
import { fileAnswer, type RouteContract } from './contract.ts';

/**
 * People: staff's learners list, accounts, invitations, imports, enrolments and course access; a
 * learner's course key: functions/people/.
 */
export const PEOPLE_ROUTES = {
  // The invited person chooses a password through the invitation e-mail's link (a path under /auth/,
  // answered by functions/people/account-handlers.ts).
  postInvitationAccept: { method: 'POST', path: '/auth/invitation', request: { json: invitationAcceptRequest }, response: invitationAcceptOutcome },
  // A learner enrols with the course key staff handed out.
  postKeyEnrolment: {
    method: 'POST',
    path: '/lms/course/:courseId/enrolment',
    auth: 'course:read',
    request: { param: staffCourseParams, json: courseKeyBody },
    response: enrolment,
  },
  // Staff (people:manage): the learners list, suspension, deletion, enrolment per course and progress reports.
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
  // A registration waiting for its confirmation: a further link, under the address's allowance.
  postPersonConfirmation: {
    method: 'POST',
    path: '/staff/people/:userId/confirmation',
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
  putPerson: {
    method: 'PUT',
    path: '/staff/people/:userId',
    auth: 'people:manage',
    request: { param: personParams, json: personEditBody },
    response: personDetail,
  },
  // Staff erase a person (GDPR art. 17 request, an account made by mistake): the owner's own deletion.
  deletePerson: {
    method: 'DELETE',
    path: '/staff/people/:userId',
    auth: 'people:manage',
    request: { param: personParams },
    response: personDeletion,
  },
  postSuspension: { method: 'POST', path: '/staff/people/:userId/suspend', auth: 'people:manage', request: { param: personParams }, response: personDetail },
  postReactivation: {
    method: 'POST',
    path: '/staff/people/:userId/reactivate',
    auth: 'people:manage',
    request: { param: personParams },
    response: personDetail,
  },
  // Staff correct a person's codice fiscale (a conflict between two accounts is resolved here).
  putPersonFiscalCode: {
    method: 'PUT',
    path: '/staff/people/:userId/fiscal-code',
    auth: 'people:manage',
    request: { param: personParams, json: fiscalCodeBody },
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
