import { z } from 'zod';
import {
  answersBody,
  assessment,
  assessmentResult,
  assessmentReview,
  certificateSummary,
  ecmProfile,
  ecmProfileBody,
  ecmProfileForm,
  ecmStatus,
  satisfactionForm,
  satisfactionOutcome,
  savedAnswers,
} from '../../core/contracts/ecm.ts';
import { satisfactionBody } from '../../core/ecm/satisfaction.ts';
import { route, type Route } from '../route.ts';
import { getAssessment, getAssessmentReview, getEcmStatus, putAssessmentAnswers, submitAssessment } from './assessment-handlers.ts';
import { getCertificatePdf, getCertificates, getSatisfaction, postCertificate, postSatisfaction } from './certificate-handlers.ts';
import { getEcmProfile, putEcmProfile } from './profile-handlers.ts';
import { getParticipants } from './report-handlers.ts';

// Files (PDF, CSV, XML) are Responses.
const file = z.instanceof(Response);

/** The ECM (continuing medical education) calls: assessment, questionnaire, certificates, the registry fields and the editors' reports. */
export const ECM_ROUTES: Route[] = [
  route('GET', '/api/lms/course/:courseId/ecm', { auth: 'session', response: ecmStatus }, getEcmStatus),
  route('GET', '/api/lms/course/:courseId/assessment', { auth: 'session', response: assessment }, getAssessment),
  route('GET', '/api/lms/course/:courseId/assessment/review', { auth: 'session', response: assessmentReview }, getAssessmentReview),
  route(
    'PUT',
    '/api/lms/course/:courseId/assessment/:attemptId',
    { auth: 'session', request: { json: answersBody }, response: savedAnswers },
    putAssessmentAnswers,
  ),
  route(
    'POST',
    '/api/lms/course/:courseId/assessment/:attemptId/submit',
    { auth: 'session', request: { json: answersBody }, response: assessmentResult },
    submitAssessment,
  ),
  route('GET', '/api/lms/course/:courseId/satisfaction', { auth: 'session', response: satisfactionForm }, getSatisfaction),
  route(
    'POST',
    '/api/lms/course/:courseId/satisfaction',
    { auth: 'session', request: { json: satisfactionBody }, response: satisfactionOutcome },
    postSatisfaction,
  ),
  route('POST', '/api/lms/course/:courseId/certificate', { auth: 'session', response: certificateSummary }, postCertificate),
  route('GET', '/api/lms/certificates', { auth: 'session', response: z.array(certificateSummary) }, getCertificates),
  route('GET', '/api/lms/certificates/:code', { auth: 'session', response: file }, getCertificatePdf),
  route('GET', '/api/lms/ecm/profile', { auth: 'session', response: ecmProfileForm }, getEcmProfile),
  route('PUT', '/api/lms/ecm/profile', { auth: 'session', request: { json: ecmProfileBody }, response: ecmProfile }, putEcmProfile),
  route('GET', '/api/cms/ecm/:courseId/:report', { auth: 'session', response: file }, getParticipants),
];
