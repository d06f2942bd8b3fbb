import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import type { EcmProfile } from '../../../core/contracts/ecm.ts';
import type { AssessmentMode } from '../../../core/ecm/assessment-rules.ts';
import type { Attempt, AttemptOutcome } from './attempts.ts';
import type { EcmSettings } from './courses.ts';
import { certificateOfStatement, type CertificateView } from './records.ts';

/**
 * What a learner's ECM standing in a course rests on, beside the course and its sessions
 * (functions/ecm/standing.ts): the attempts whole, or only their outcomes where no question is shown.
 */
export interface StandingFacts<A extends AttemptOutcome = Attempt> {
  /** The course's accredited event, null when it has none. */
  event: { eventId: string; mode: AssessmentMode } | null;
  attempts: A[];
  settings: EcmSettings | null;
  satisfied: boolean;
  certificate: CertificateView | null;
  profile: EcmProfile;
  /** Learning time the server counted in the course's pages (hits), in milliseconds; summed only when the site sets a minimum share of time, else 0. */
  trackedMs: number;
}

interface FactsRow extends EcmProfile {
  eventId: string | null;
  mode: AssessmentMode | null;
  hasSettings: number;
  providerId: string;
  providerName: string;
  accreditationCode: string | null;
  legalRepresentative: string | null;
  hasSignature: number;
  minTimeShare: number | null;
  satisfied: number;
  trackedMs: number;
}

/**
 * The standing's reads beside the attempts as two statements for one batch (read back by
 * `standingFactsOf`): the certificate, and one row with the event, the site's settings, the
 * questionnaire, the learner's registry fields and, only where a time rule asks for it, the tracked time.
 */
export function standingStatements(
  db: D1Database,
  siteId: string,
  courseId: string,
  userId: string,
  locale: string,
  defaultLocale: string,
): D1PreparedStatement[] {
  return [
    certificateOfStatement(db, userId, courseId, locale, defaultLocale),
    db
      .prepare(
        `SELECT e.event_id AS eventId, e.mode, s.site_id IS NOT NULL AS hasSettings, s.provider_id AS providerId, s.provider_name AS providerName,
           s.accreditation_code AS accreditationCode, s.legal_representative AS legalRepresentative, s.signature IS NOT NULL AS hasSignature,
           s.min_time_share AS minTimeShare,
           EXISTS (SELECT 1 FROM ecm_satisfaction_done d WHERE d.user_id = ?2 AND d.course_id = ?1) AS satisfied,
           u.fiscal_code AS fiscalCode, u.profession_id AS professionId, u.discipline_id AS disciplineId, u.employment,
           CASE WHEN s.min_time_share IS NULL THEN 0 ELSE (SELECT COALESCE(SUM(h.ms), 0) FROM hit h WHERE h.user_id = ?2 AND h.course_id = ?1) END AS trackedMs
         FROM (SELECT 1) one
         LEFT JOIN ecm_course e ON e.course_id = ?1
         LEFT JOIN ecm_site s ON s.site_id = ?3
         LEFT JOIN user u ON u.id = ?2`,
      )
      .bind(courseId, userId, siteId),
  ];
}

export function standingFactsOf<A extends AttemptOutcome>(attempts: A[], results: D1Result[]): StandingFacts<A> {
  const [certificate, facts] = results;
  const row = facts?.results[0] as FactsRow | undefined;
  return {
    event: row?.eventId && row.mode ? { eventId: row.eventId, mode: row.mode } : null,
    attempts,
    settings:
      row?.hasSettings === 1
        ? {
            providerId: row.providerId,
            providerName: row.providerName,
            accreditationCode: row.accreditationCode,
            legalRepresentative: row.legalRepresentative,
            hasSignature: row.hasSignature === 1,
            minTimeShare: row.minTimeShare,
          }
        : null,
    satisfied: row?.satisfied === 1,
    certificate: (certificate?.results[0] as CertificateView | undefined) ?? null,
    profile: {
      fiscalCode: row?.fiscalCode ?? null,
      professionId: row?.professionId ?? null,
      disciplineId: row?.disciplineId ?? null,
      employment: row?.employment ?? null,
    },
    trackedMs: Number(row?.trackedMs ?? 0),
  };
}
