import { findEcmCourse, type EcmCourse } from '../data/ecm/courses.ts';
import { issueCertificate as writeCertificate } from '../data/ecm/records.ts';
import { editionOn, findEdition } from '../data/ecm/editions.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import type { User } from '../data/auth/users.ts';
import { eventIfChangedStatement } from '../data/events.ts';
import { findSite, type Site } from '../data/site/sites.ts';
import type { ApiContext } from '../api-context.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';
import { HttpError } from '../http-error.ts';
import { newCertificateCode } from './certificate-code.ts';
import { ecmMessage } from './messages.ts';
import { loadStanding, type Standing } from './standing.ts';

/**
 * What one ECM request reads about its site, course and learner, each at most once: every handler
 * asks this service instead of the data functions, so a step that needs the standing twice (the
 * certificate after the questionnaire) does not read it twice.
 */
export interface EcmService {
  site(): Promise<Site | null>;
  /** The site's default locale (it-IT when the site is unknown): banks, names and texts fall back to it. */
  defaultLocale(): Promise<string>;
  /** The ECM course of the path: 404 for an unknown course or one without ECM credits. */
  course(courseId: string): Promise<EcmCourse>;
  /** Where the learner stands in the course, read once per request. */
  standing(course: EcmCourse, userId: string): Promise<Standing>;
  /**
   * Reads the standing again: only after a write this request lost to another one (two tabs
   * opening an attempt at once), where what is stored now is not what this request wrote.
   */
  reloadStanding(course: EcmCourse, userId: string): Promise<Standing>;
}

export function ecmService(context: ApiContext): EcmService {
  const { DB } = context.env;
  let site: Promise<Site | null> | undefined;
  const courses = new Map<string, Promise<EcmCourse>>();
  const standings = new Map<string, Promise<Standing>>();
  const service: EcmService = {
    site: () => (site ??= findSite(DB, context.siteId)),
    defaultLocale: async () => (await service.site())?.defaultLocale ?? 'it-IT',
    course(courseId) {
      let course = courses.get(courseId);
      if (!course) {
        course = findEcmCourse(DB, context.siteId, courseId).then((found) => {
          if (!found) throw new HttpError(404, ecmMessage('notEcm', context.language, { id: courseId }));
          return found;
        });
        courses.set(courseId, course);
      }
      return course;
    },
    standing: (course, userId) => standings.get(`${course.courseId}/${userId}`) ?? service.reloadStanding(course, userId),
    reloadStanding(course, userId) {
      const standing = service.defaultLocale().then((defaultLocale) => loadStanding(DB, context.siteId, course, userId, context.localeCode, defaultLocale));
      standings.set(`${course.courseId}/${userId}`, standing);
      return standing;
    },
  };
  return service;
}

/**
 * Whether a certificate can be issued for this standing. `provider` is a state, not an error: the
 * site has no accredited provider configured yet, so the learner's answers stand and the
 * certificate step names the reason when asked (`certificateRefusal`).
 */
export type CertificateReadiness =
  | { kind: 'ready' }
  | { kind: 'issued'; code: string }
  | { kind: 'notPassed' }
  | { kind: 'satisfaction' }
  | { kind: 'profile'; missing: Standing['missingProfile'] }
  | { kind: 'provider' };

export function certificateReadiness(standing: Standing): CertificateReadiness {
  if (!standing.passedAttempt) return { kind: 'notPassed' };
  if (!standing.satisfactionDone) return { kind: 'satisfaction' };
  if (standing.certificate) return { kind: 'issued', code: standing.certificate.code };
  if (standing.missingProfile.length) return { kind: 'profile', missing: standing.missingProfile };
  if (!standing.settings) return { kind: 'provider' };
  return { kind: 'ready' };
}

const FIELD_NAMES = { fiscalCode: 'fieldFiscalCode', professionId: 'fieldProfession', disciplineId: 'fieldDiscipline', employment: 'fieldEmployment' } as const;

/** The refusal the certificate call answers for a standing that cannot have one yet. */
export function certificateRefusal(context: ApiContext, readiness: Exclude<CertificateReadiness, { kind: 'ready' | 'issued' }>): HttpError {
  const { language } = context;
  switch (readiness.kind) {
    case 'notPassed':
      return new HttpError(409, ecmMessage('notPassed', language));
    case 'satisfaction':
      return new HttpError(409, ecmMessage('satisfactionMissing', language));
    case 'profile':
      return new HttpError(
        409,
        ecmMessage('profileMissing', language, { fields: readiness.missing.map((field) => ecmMessage(FIELD_NAMES[field], language)).join(', ') }),
      );
    case 'provider':
      return new HttpError(503, ecmMessage('providerMissing', language));
  }
}

/**
 * Writes the certificate of a standing that is `ready` (with its audit event) and returns its code;
 * two requests at once may both try, and both get the one certificate written.
 */
export async function issueCertificate(context: ApiContext, course: EcmCourse, standing: Standing, user: User): Promise<string> {
  const attempt = standing.passedAttempt;
  const settings = standing.settings;
  if (!attempt || !settings) throw new Error('issueCertificate needs a ready standing');
  const { profile } = standing;
  const completedAt = attempt.submittedAt ?? context.now;
  // The edition the assessment was passed in (attempts before editions: the one open that day).
  const edition =
    attempt.edition !== null
      ? await findEdition(context.env.DB, course.courseId, attempt.edition)
      : await editionOn(context.env.DB, course.courseId, romeDayHour(completedAt).day);
  if (!edition) throw new HttpError(409, ecmMessage('editionClosed', context.language));
  // A discipline the edition is not accredited for earns a certificate of participation, without credits.
  const accredited = profile.disciplineId !== null && edition.disciplines.includes(profile.disciplineId);
  const code = await newCertificateCode(assertSessionSecret(context.env));
  return writeCertificate(
    context.env.DB,
    {
      code,
      siteId: context.siteId,
      userId: user.id,
      courseId: course.courseId,
      attemptId: attempt.id,
      firstName: user.firstName,
      lastName: user.lastName,
      fiscalCode: profile.fiscalCode ?? '',
      professionId: profile.professionId ?? '',
      disciplineId: profile.disciplineId ?? '',
      credits: accredited ? edition.creditTenths / 10 : 0,
      eventId: course.eventId,
      edition: edition.number,
      providerId: settings.providerId,
      providerName: settings.providerName,
      completedAt,
      issuedAt: context.now,
      hours: edition.hours,
      objectiveId: edition.objectiveId,
      editionStartsOn: edition.startsOn,
      editionEndsOn: edition.endsOn,
      accreditationCode: settings.accreditationCode,
      legalRepresentative: settings.legalRepresentative,
      employment: profile.employment,
    },
    // Only the request whose certificate is written records it.
    eventIfChangedStatement(context.env.DB, context.siteId, user.id, 'ecm.certificate.issue', `${course.courseId}#${code}`, context.now),
  );
}
