import type { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { satisfactionBody, SATISFACTION_ITEMS } from '../../core/ecm/satisfaction.ts';
import type { CertificateSummary } from '../../core/contracts/ecm.ts';
import { translator } from '../../core/translate.ts';
import { findEcmSettings } from '../data/ecm/courses.ts';
import { findCertificate, issueCertificate, listCertificates, saveSatisfaction } from '../data/ecm/records.ts';
import { findSite, findStrings } from '../data/site/sites.ts';
import { eventIfChangedStatement } from '../data/events.ts';
import { newCertificateCode, checkCertificateCode } from './certificate-code.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { ecmMessage } from './messages.ts';
import { randomHex } from './random-id.ts';
import { certificateSummary, type Standing } from './standing.ts';
import { HttpError } from '../http-error.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';
import { defaultLocaleOf, ecmCourseOf, standingOf } from './assessment-handlers.ts';
import { romeDayHour } from '../../core/rome-time.ts';

/** GET /api/lms/course/{id}/satisfaction: whether it is open (after passing) and done, and its items. */
export async function getSatisfaction(context: ApiContext): Promise<{ available: boolean; done: boolean; items: typeof SATISFACTION_ITEMS }> {
  const session = await context.requirePermission('course:read');
  const standing = await standingOf(context, await ecmCourseOf(context), session.user.id);
  return { available: standing.passedAttempt !== null, done: standing.satisfactionDone, items: SATISFACTION_ITEMS };
}

/** The certificate, once passed, answered and with the registry fields; its code, or the reason it waits. */
async function issue(context: ApiContext, standing: Standing, userId: string): Promise<string> {
  const { language } = context;
  const attempt = standing.passedAttempt;
  if (!attempt) throw new HttpError(409, ecmMessage('notPassed', language));
  if (!standing.satisfactionDone) throw new HttpError(409, ecmMessage('satisfactionMissing', language));
  if (standing.certificate) return standing.certificate.code;
  const names = { fiscalCode: 'fieldFiscalCode', professionId: 'fieldProfession', disciplineId: 'fieldDiscipline' } as const;
  if (standing.missingProfile.length) {
    throw new HttpError(
      409,
      ecmMessage('profileMissing', language, { fields: standing.missingProfile.map((field) => ecmMessage(names[field], language)).join(', ') }),
    );
  }
  const settings = await findEcmSettings(context.env.DB, context.siteId);
  if (!settings) throw new HttpError(503, ecmMessage('providerMissing', language));
  const course = await ecmCourseOf(context);
  const user = (await context.requireSession()).user;
  const { profile } = standing;
  const code = await newCertificateCode(assertSessionSecret(context.env));
  return issueCertificate(
    context.env.DB,
    {
      code,
      siteId: context.siteId,
      userId,
      courseId: course.courseId,
      attemptId: attempt.id,
      firstName: user.firstName,
      lastName: user.lastName,
      fiscalCode: profile.fiscalCode ?? '',
      professionId: profile.professionId ?? '',
      disciplineId: profile.disciplineId ?? '',
      credits: course.credits,
      eventId: course.eventId,
      edition: course.edition,
      providerId: settings.providerId,
      providerName: settings.providerName,
      completedAt: attempt.submittedAt ?? context.now,
      issuedAt: context.now,
    },
    // Two requests at once may both try: only the one whose certificate is written records it.
    eventIfChangedStatement(context.env.DB, context.siteId, userId, 'ecm.certificate.issue', `${course.courseId}#${code}`, context.now),
  );
}

/**
 * POST /api/lms/course/{id}/satisfaction: stores the answers without the learner, then issues the
 * certificate when the registry fields are there (else the answer says which are missing).
 */
export async function postSatisfaction(
  context: ApiContext,
  { json: answers }: { json: z.output<typeof satisfactionBody> },
): Promise<{ done: true; certificate: string | null; missingProfile: Standing['missingProfile'] }> {
  const session = await context.requirePermission('progress:write');
  const course = await ecmCourseOf(context);
  const standing = await standingOf(context, course, session.user.id);
  if (!standing.passedAttempt) throw new HttpError(409, ecmMessage('notPassed', context.language));
  if (standing.satisfactionDone) throw new HttpError(409, ecmMessage('satisfactionDone', context.language));
  const saved = await saveSatisfaction(context.env.DB, {
    id: randomHex(16),
    siteId: context.siteId,
    userId: session.user.id,
    courseId: course.courseId,
    edition: course.edition,
    month: romeDayHour(context.now).day.slice(0, 7),
    answers,
  });
  if (!saved) throw new HttpError(409, ecmMessage('satisfactionDone', context.language));
  const after = { ...standing, satisfactionDone: true };
  if (after.missingProfile.length) return { done: true, certificate: null, missingProfile: after.missingProfile };
  try {
    return { done: true, certificate: await issue(context, after, session.user.id), missingProfile: [] };
  } catch (error) {
    // The answers are in; a certificate that cannot be issued yet (no provider configured) is
    // asked for again from the certificate step, which names the reason.
    if (error instanceof HttpError) return { done: true, certificate: null, missingProfile: [] };
    throw error;
  }
}

/** POST /api/lms/course/{id}/certificate: issues the certificate (or returns the one issued). */
export async function postCertificate(context: ApiContext): Promise<CertificateSummary> {
  const session = await context.requirePermission('progress:write');
  const standing = await standingOf(context, await ecmCourseOf(context), session.user.id);
  const code = await issue(context, standing, session.user.id);
  const view = await findCertificate(context.env.DB, code, context.localeCode, await defaultLocaleOf(context));
  if (!view) throw new HttpError(404, ecmMessage('certificateNotFound', context.language, { code }));
  return certificateSummary(view);
}

/** GET /api/lms/certificates: the learner's certificates, newest first. */
export async function getCertificates(context: ApiContext): Promise<CertificateSummary[]> {
  const session = await context.requireSession();
  const list = await listCertificates(context.env.DB, context.siteId, session.user.id, context.localeCode, await defaultLocaleOf(context));
  return list.map(certificateSummary);
}

/** GET /api/lms/certificates/{code}.pdf: the certificate as a PDF, for its owner only. */
export async function getCertificatePdf(context: ApiContext): Promise<Response> {
  const session = await context.requireSession();
  const secret = assertSessionSecret(context.env);
  // The route's parameter is the file name, `{code}.pdf`: anything else is not a certificate.
  const file = context.params.code ?? '';
  const raw = file.endsWith('.pdf') ? file.slice(0, -'.pdf'.length) : '';
  const code = await checkCertificateCode(secret, raw);
  const { DB } = context.env;
  const site = await findSite(DB, context.siteId);
  const defaultLocale = site?.defaultLocale ?? 'it-IT';
  // A download link carries its language in the query (a link cannot set the locale header).
  const asked = context.url.searchParams.get('locale');
  const locale = asked && site?.supportedLocale.includes(asked) ? asked : context.localeCode;
  const view = code ? await findCertificate(DB, code, locale, defaultLocale) : null;
  // Someone else's certificate is answered like a missing one: its existence is nobody's business.
  if (!view || view.userId !== session.user.id || view.siteId !== context.siteId) {
    throw new HttpError(404, ecmMessage('certificateNotFound', context.language, { code: raw.slice(0, 40) }));
  }
  const strings = { ...(await findStrings(DB, context.siteId, defaultLocale)), ...(await findStrings(DB, context.siteId, locale)) };
  const verifyUrl = new URL(`/${locale}/verifica-attestato/${view.code}`, context.url).href;
  const bytes = await certificatePdf({ certificate: view, locale, verifyUrl, t: translator(strings) });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="attestato-ecm-${view.courseId}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
