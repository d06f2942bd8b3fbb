import type { ApiContext } from '../api-context.ts';
import { getAssessment, getAssessmentReview, getEcmStatus, putAssessmentAnswers, submitAssessment } from './ecm-assessment.ts';
import { getCertificatePdf, getCertificates, getSatisfaction, postCertificate, postSatisfaction } from './ecm-certificates.ts';
import { getEcmProfile, putEcmProfile } from './ecm-profile.ts';
import { getParticipants } from './ecm-reports.ts';

/** The ECM calls: method, path pattern, handler (a handler may answer a Response: PDF, CSV, XML). */
export const ECM_ROUTES: ['GET' | 'POST' | 'PUT', string, (context: ApiContext) => Promise<unknown>][] = [
  ['GET', '/api/lms/course/:courseId/ecm', getEcmStatus],
  ['GET', '/api/lms/course/:courseId/assessment', getAssessment],
  ['GET', '/api/lms/course/:courseId/assessment/review', getAssessmentReview],
  ['PUT', '/api/lms/course/:courseId/assessment/:attemptId', putAssessmentAnswers],
  ['POST', '/api/lms/course/:courseId/assessment/:attemptId/submit', submitAssessment],
  ['GET', '/api/lms/course/:courseId/satisfaction', getSatisfaction],
  ['POST', '/api/lms/course/:courseId/satisfaction', postSatisfaction],
  ['POST', '/api/lms/course/:courseId/certificate', postCertificate],
  ['GET', '/api/lms/certificates', getCertificates],
  ['GET', '/api/lms/certificates/:code.pdf', getCertificatePdf],
  ['GET', '/api/lms/ecm/profile', getEcmProfile],
  ['PUT', '/api/lms/ecm/profile', putEcmProfile],
  ['GET', '/api/cms/ecm/:courseId/participants.:format', getParticipants],
];
