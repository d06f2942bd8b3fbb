import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { SATISFACTION_ITEMS, type SatisfactionAnswers } from '../../core/ecm/satisfaction.ts';
import type {
  CertificateSummary,
  certificateFileParams,
  certificateFileQuery,
  ecmCourseParams,
  SatisfactionForm,
  SatisfactionOutcome,
} from '../../core/contracts/ecm.ts';
import { translator } from '../../core/translate.ts';
import { findCertificate, listCertificates, saveSatisfaction } from '../data/ecm/records.ts';
import { findStrings } from '../data/site/sites.ts';
import { readSignature } from '../data/ecm/courses.ts';
import { checkCertificateCode } from './certificate-code.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { certificateReadiness, certificateRefusal, ecmService, issueCertificate } from './ecm-service.ts';
import { ecmMessage } from './messages.ts';
import { randomHex } from '../shared/random-id.ts';
import { certificateSummary, type Standing } from './standing.ts';
import { HttpError } from '../http-error.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';
import { romeDayHour } from '../../core/rome-time.ts';

type CourseInput = { param: z.output<typeof ecmCourseParams> };

/** GET /api/lms/course/{id}/satisfaction: whether it is open (after passing) and done, and its items. */
export async function getSatisfaction(context: ApiContext, { param }: CourseInput): Promise<SatisfactionForm> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  const standing = await ecm.standing(await ecm.course(param.courseId), user.id);
  return { available: standing.passedAttempt !== null, done: standing.satisfactionDone, items: SATISFACTION_ITEMS };
}

/**
 * POST /api/lms/course/{id}/satisfaction: stores the answers without the learner, then issues the
 * certificate when it can be. `certificate: null` is a state, not a failure: the registry fields
 * are missing (`missingProfile` names them) or the site has no accredited provider yet; the
 * certificate step then asks again and names the reason.
 */
export async function postSatisfaction(
  context: ApiContext,
  { param, json: answers }: CourseInput & { json: SatisfactionAnswers },
): Promise<SatisfactionOutcome> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  const standing = await ecm.standing(course, user.id);
  if (!standing.passedAttempt) throw new HttpError(409, ecmMessage('notPassed', context.language));
  if (standing.satisfactionDone) throw new HttpError(409, ecmMessage('satisfactionDone', context.language));
  const saved = await saveSatisfaction(context.env.DB, {
    id: randomHex(16),
    siteId: context.siteId,
    userId: user.id,
    courseId: course.courseId,
    // The questionnaire counts in the edition the learner passed in.
    edition: standing.passedAttempt.edition ?? 0,
    month: romeDayHour(context.now).day.slice(0, 7),
    answers,
  });
  if (!saved) throw new HttpError(409, ecmMessage('satisfactionDone', context.language));
  const after: Standing = { ...standing, satisfactionDone: true };
  const readiness = certificateReadiness(after);
  switch (readiness.kind) {
    case 'ready':
      return { done: true, certificate: await issueCertificate(context, course, after, user), missingProfile: [] };
    case 'issued':
      return { done: true, certificate: readiness.code, missingProfile: [] };
    case 'profile':
      return { done: true, certificate: null, missingProfile: readiness.missing };
    case 'provider':
      return { done: true, certificate: null, missingProfile: [] };
    case 'notPassed':
    case 'satisfaction':
      throw certificateRefusal(context, readiness);
  }
}

/** POST /api/lms/course/{id}/certificate: issues the certificate (or returns the one issued). */
export async function postCertificate(context: ApiContext, { param }: CourseInput): Promise<CertificateSummary> {
  const { user } = await context.requireSession();
  const ecm = ecmService(context);
  const course = await ecm.course(param.courseId);
  const standing = await ecm.standing(course, user.id);
  const readiness = certificateReadiness(standing);
  if (readiness.kind !== 'ready' && readiness.kind !== 'issued') throw certificateRefusal(context, readiness);
  const code = readiness.kind === 'issued' ? readiness.code : await issueCertificate(context, course, standing, user);
  const view = await findCertificate(context.env.DB, code, context.localeCode, await ecm.defaultLocale());
  if (!view) throw new HttpError(404, ecmMessage('certificateNotFound', context.language, { code }));
  return certificateSummary(view);
}

/** GET /api/lms/certificates: the learner's certificates, newest first. */
export async function getCertificates(context: ApiContext): Promise<CertificateSummary[]> {
  const { user } = await context.requireSession();
  const list = await listCertificates(context.env.DB, context.siteId, user.id, context.localeCode, await ecmService(context).defaultLocale());
  return list.map(certificateSummary);
}

/** GET /api/lms/certificates/{code}.pdf: the certificate as a PDF, for its owner only. */
export async function getCertificatePdf(
  context: ApiContext,
  { param, query }: { param: z.output<typeof certificateFileParams>; query: z.output<typeof certificateFileQuery> },
): Promise<Response> {
  const { user } = await context.requireSession();
  const secret = assertSessionSecret(context.env);
  // The parameter is the file name without `.pdf` ('' for any other name): not a certificate.
  const raw = param.code;
  const code = await checkCertificateCode(secret, raw);
  const { DB } = context.env;
  const site = await ecmService(context).site();
  const defaultLocale = site?.defaultLocale ?? 'it-IT';
  const asked = query.locale;
  const locale = asked && site?.supportedLocale.includes(asked) ? asked : context.localeCode;
  const view = code ? await findCertificate(DB, code, locale, defaultLocale) : null;
  // Someone else's certificate is answered like a missing one: its existence is nobody's business.
  if (!view || view.userId !== user.id || view.siteId !== context.siteId) {
    throw new HttpError(404, ecmMessage('certificateNotFound', context.language, { code: raw.slice(0, 40) }));
  }
  const strings = { ...(await findStrings(DB, context.siteId, defaultLocale)), ...(await findStrings(DB, context.siteId, locale)) };
  const verifyUrl = new URL(`/${locale}/verifica-attestato/${view.code}`, context.url).href;
  const signature = await readSignature(DB, context.siteId);
  const bytes = await certificatePdf({ certificate: view, locale, verifyUrl, signature, t: translator(strings, locale) });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="attestato-ecm-${view.courseId}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
