import { z } from 'zod';
import {
  answersBody,
  assessment,
  assessmentResult,
  assessmentReview,
  attemptParams,
  auditFileParams,
  certificateFileParams,
  certificateFileQuery,
  certificateSummary,
  ecmCourseParams,
  ecmCourseSetup,
  ecmEventBody,
  ecmProfile,
  ecmProfileBody,
  ecmProfileForm,
  ecmSettings,
  ECM_SETTINGS_BYTES,
  ecmSettingsBody,
  ecmStatus,
  editionBody,
  editionParams,
  participantsParams,
  participantsQuery,
  satisfactionForm,
  satisfactionOutcome,
  savedAnswers,
} from '../contracts/ecm.ts';
import { satisfactionBody } from '../ecm/satisfaction.ts';
import { fileAnswer, type RouteContract } from './contract.ts';

/**
 * ECM: assessment, questionnaire, certificates, the registry fields, the editors' setup and
 * reports, the audit files: functions/ecm/.
 */
export const ECM_ROUTES = {
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
  putEcmSettings: {
    method: 'PUT',
    path: '/cms/ecm/settings',
    auth: 'content:edit',
    request: { json: ecmSettingsBody, jsonBytes: ECM_SETTINGS_BYTES },
    response: ecmSettings,
  },
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
} as const satisfies Record<string, RouteContract>;
