import { z } from 'zod';
import { answersBody, ecmProfileBody } from '../../core/contracts/ecm.ts';
import { satisfactionBody } from '../../core/ecm/satisfaction.ts';
import { route, type Route } from '../route.ts';
import { getAssessment, getAssessmentReview, getEcmStatus, putAssessmentAnswers, submitAssessment } from './ecm-assessment.ts';
import { getCertificatePdf, getCertificates, getSatisfaction, postCertificate, postSatisfaction } from './ecm-certificates.ts';
import { getEcmProfile, putEcmProfile } from './ecm-profile.ts';
import { getParticipants } from './ecm-reports.ts';

// Answers the handlers type themselves (core/contracts/ecm.ts); files (PDF, CSV, XML) are Responses.
const typed = z.unknown();
const file = z.instanceof(Response);

/** The ECM calls (issue 14): assessment, questionnaire, certificates, the registry fields and the editors' reports. */
export const ECM_ROUTES: Route[] = [
  route('GET', '/api/lms/course/:courseId/ecm', { auth: 'session', response: typed }, getEcmStatus),
  route('GET', '/api/lms/course/:courseId/assessment', { auth: 'session', response: typed }, getAssessment),
  route('GET', '/api/lms/course/:courseId/assessment/review', { auth: 'session', response: typed }, getAssessmentReview),
  route('PUT', '/api/lms/course/:courseId/assessment/:attemptId', { auth: 'session', request: { json: answersBody }, response: typed }, putAssessmentAnswers),
  route(
    'POST',
    '/api/lms/course/:courseId/assessment/:attemptId/submit',
    { auth: 'session', request: { json: answersBody }, response: typed },
    submitAssessment,
  ),
  route('GET', '/api/lms/course/:courseId/satisfaction', { auth: 'session', response: typed }, getSatisfaction),
  route('POST', '/api/lms/course/:courseId/satisfaction', { auth: 'session', request: { json: satisfactionBody }, response: typed }, postSatisfaction),
  route('POST', '/api/lms/course/:courseId/certificate', { auth: 'session', response: typed }, postCertificate),
  route('GET', '/api/lms/certificates', { auth: 'session', response: typed }, getCertificates),
  route('GET', '/api/lms/certificates/:code', { auth: 'session', response: file }, getCertificatePdf),
  route('GET', '/api/lms/ecm/profile', { auth: 'session', response: typed }, getEcmProfile),
  route('PUT', '/api/lms/ecm/profile', { auth: 'session', request: { json: ecmProfileBody }, response: typed }, putEcmProfile),
  route('GET', '/api/cms/ecm/:courseId/:report', { auth: 'session', response: file }, getParticipants),
];
