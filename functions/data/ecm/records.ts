import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { SatisfactionAnswers } from '../../../core/ecm/satisfaction.ts';
import type { Statement } from '../hits/hits.ts';

/**
 * Stores the answers without the learner (a random key, the month only) and, in the same batch,
 * that this learner has answered. False when they had answered already: nothing is written.
 */
export async function saveSatisfaction(
  db: D1Database,
  entry: { id: string; siteId: string; userId: string; courseId: string; edition: number; month: string; answers: SatisfactionAnswers },
): Promise<boolean> {
  const { answers } = entry;
  try {
    await db.batch([
      db.prepare('INSERT INTO ecm_satisfaction_done (user_id, course_id) VALUES (?, ?)').bind(entry.userId, entry.courseId),
      db
        .prepare(
          `INSERT INTO ecm_satisfaction (id, site_id, course_id, edition, month, relevance, quality, usefulness, time_adequacy, commercial_influence, comment, anomaly)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          entry.id,
          entry.siteId,
          entry.courseId,
          entry.edition,
          entry.month,
          answers.relevance,
          answers.quality,
          answers.usefulness,
          answers.timeAdequacy,
          answers.commercialInfluence,
          answers.comment,
          answers.anomaly,
        ),
    ]);
    return true;
  } catch (error) {
    if (String(error).includes('UNIQUE') || String(error).includes('PRIMARY KEY')) return false;
    throw error;
  }
}

export interface Certificate {
  code: string;
  siteId: string;
  userId: string;
  courseId: string;
  attemptId: string;
  firstName: string;
  lastName: string;
  fiscalCode: string;
  professionId: string;
  disciplineId: string;
  credits: number;
  eventId: string;
  edition: number;
  providerId: string;
  providerName: string;
  completedAt: number;
  issuedAt: number;
  /** What the certificate keeps of its edition and provider; null on certificates issued before editions. */
  hours: number | null;
  objectiveId: number | null;
  editionStartsOn: string | null;
  editionEndsOn: string | null;
  accreditationCode: string | null;
  legalRepresentative: string | null;
  /** L, D, C or P (lib_dip): the learner's working relationship when the certificate was issued. */
  employment: string | null;
}

/** A certificate with the names a page or a PDF shows, in one locale (the default one when missing). */
export interface CertificateView extends Certificate {
  courseTitle: string;
  professionName: string;
  disciplineName: string;
  objectiveName: string | null;
}

const CERTIFICATE_COLUMNS = `c.code, c.site_id AS siteId, c.user_id AS userId, c.course_id AS courseId, c.attempt_id AS attemptId,
  c.first_name AS firstName, c.last_name AS lastName, c.fiscal_code AS fiscalCode, c.profession_id AS professionId,
  c.discipline_id AS disciplineId, c.credits, c.event_id AS eventId, c.edition, c.provider_id AS providerId,
  c.provider_name AS providerName, c.completed_at AS completedAt, c.issued_at AS issuedAt, c.hours, c.objective_id AS objectiveId,
  c.edition_starts_on AS editionStartsOn, c.edition_ends_on AS editionEndsOn, c.accreditation_code AS accreditationCode,
  c.legal_representative AS legalRepresentative, c.employment`;

const VIEW_SELECT = `SELECT ${CERTIFICATE_COLUMNS},
  COALESCE(t.title, t_d.title, c.course_id) AS courseTitle,
  COALESCE(p.name, p_d.name, c.profession_id) AS professionName,
  COALESCE(d.name, d_d.name, c.discipline_id) AS disciplineName,
  (SELECT o.name FROM ecm_objective o WHERE o.id = c.objective_id) AS objectiveName
  FROM ecm_certificate c
  LEFT JOIN course_text t ON t.course_id = c.course_id AND t.locale = ?1
  LEFT JOIN course_text t_d ON t_d.course_id = c.course_id AND t_d.locale = ?2
  LEFT JOIN ecm_profession_text p ON p.profession_id = c.profession_id AND p.locale = ?1
  LEFT JOIN ecm_profession_text p_d ON p_d.profession_id = c.profession_id AND p_d.locale = ?2
  LEFT JOIN ecm_discipline_text d ON d.discipline_id = c.discipline_id AND d.locale = ?1
  LEFT JOIN ecm_discipline_text d_d ON d_d.discipline_id = c.discipline_id AND d_d.locale = ?2`;

/**
 * Records on a certificate the learning time the server tracked in its course and the sessions
 * completed, up to its issue: deleting the account erases both, the certificate stays, and the
 * inspection files show what it was issued on (migration 0036 filled the older ones the same way).
 * Only on a certificate without them: a figure once recorded never changes.
 */
export function issueFiguresStatement(code: string): Statement {
  return {
    sql: `UPDATE ecm_certificate SET
       tracked_ms_at_issue = (SELECT COALESCE(SUM(h.ms), 0) FROM hit h
         WHERE h.user_id = ecm_certificate.user_id AND h.course_id = ecm_certificate.course_id AND h.created_at <= ecm_certificate.issued_at),
       completed_sessions_at_issue = (SELECT COUNT(*) FROM session_progress p
         JOIN session s ON s.course_id = p.course_id AND s.module_number = p.module_number AND s.number = p.number
         WHERE p.user_id = ecm_certificate.user_id AND p.course_id = ecm_certificate.course_id AND p.completed_at <= ecm_certificate.issued_at
           AND (s.removed_at IS NULL OR s.removed_at > ecm_certificate.issued_at))
     WHERE code = ?1 AND tracked_ms_at_issue IS NULL`,
    params: [code],
  };
}

/** Writes the certificate with what it was issued on and its audit event (one batch) unless the learner has one for the course; returns the one they have. */
export async function issueCertificate(db: D1Database, certificate: Certificate, event: D1PreparedStatement): Promise<string> {
  const c = certificate;
  const insert = db
    .prepare(
      `INSERT OR IGNORE INTO ecm_certificate (code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id,
         credits, event_id, edition, provider_id, provider_name, completed_at, issued_at, hours, objective_id, edition_starts_on, edition_ends_on,
         accreditation_code, legal_representative, employment) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      c.code,
      c.siteId,
      c.userId,
      c.courseId,
      c.attemptId,
      c.firstName,
      c.lastName,
      c.fiscalCode,
      c.professionId,
      c.disciplineId,
      c.credits,
      c.eventId,
      c.edition,
      c.providerId,
      c.providerName,
      c.completedAt,
      c.issuedAt,
      c.hours,
      c.objectiveId,
      c.editionStartsOn,
      c.editionEndsOn,
      c.accreditationCode,
      c.legalRepresentative,
      c.employment,
    );
  const figures = issueFiguresStatement(c.code);
  await db.batch([insert, db.prepare(figures.sql).bind(...figures.params), event]);
  const row = await db.prepare('SELECT code FROM ecm_certificate WHERE user_id = ? AND course_id = ?').bind(c.userId, c.courseId).first<{ code: string }>();
  return row?.code ?? c.code;
}

export async function findCertificate(db: D1Database, code: string, locale: string, defaultLocale: string): Promise<CertificateView | null> {
  return db.prepare(`${VIEW_SELECT} WHERE c.code = ?3`).bind(locale, defaultLocale, code).first<CertificateView>();
}

/** The learner's certificates, newest first. */
export async function listCertificates(db: D1Database, siteId: string, userId: string, locale: string, defaultLocale: string): Promise<CertificateView[]> {
  const { results } = await db
    .prepare(`${VIEW_SELECT} WHERE c.site_id = ?3 AND c.user_id = ?4 ORDER BY c.completed_at DESC`)
    .bind(locale, defaultLocale, siteId, userId)
    .all<CertificateView>();
  return results;
}

/** A credited participant of an edition as the registry report needs it. */
export interface ReportParticipant {
  fiscalCode: string;
  firstName: string;
  lastName: string;
  professionId: string;
  professionName: string;
  disciplineId: string;
  disciplineName: string;
  credits: number;
  completedAt: number;
  /** The certificate's, else the learner's current one; null when neither was given. */
  employment: string | null;
  sponsor: string | null;
}

/**
 * Everyone who earned credits in one edition of a course, for the provider's report to the
 * registry: certificates of participation (0 credits) are not reported.
 */
export async function listParticipants(db: D1Database, siteId: string, courseId: string, edition: number, locale: string): Promise<ReportParticipant[]> {
  const { results } = await db
    .prepare(
      `SELECT c.fiscal_code AS fiscalCode, c.first_name AS firstName, c.last_name AS lastName, c.profession_id AS professionId,
              c.discipline_id AS disciplineId, c.credits, c.completed_at AS completedAt, COALESCE(c.employment, u.employment) AS employment, r.sponsor,
              COALESCE((SELECT name FROM ecm_profession_text WHERE profession_id = c.profession_id AND locale = ?4), c.profession_id) AS professionName,
              COALESCE((SELECT name FROM ecm_discipline_text WHERE discipline_id = c.discipline_id AND locale = ?4), c.discipline_id) AS disciplineName
       FROM ecm_certificate c
       JOIN user u ON u.id = c.user_id
       LEFT JOIN ecm_recruit r ON r.course_id = c.course_id AND r.edition = c.edition AND r.fiscal_code = c.fiscal_code
       WHERE c.site_id = ?1 AND c.course_id = ?2 AND c.edition = ?3 AND c.credits > 0
       ORDER BY c.completed_at, c.last_name, c.first_name`,
    )
    .bind(siteId, courseId, edition, locale)
    .all<ReportParticipant>();
  return results;
}

/** The learner's certificate of the course, if any, as a statement for a batch (functions/data/ecm/standing-facts.ts). */
export function certificateOfStatement(db: D1Database, userId: string, courseId: string, locale: string, defaultLocale: string): D1PreparedStatement {
  return db.prepare(`${VIEW_SELECT} WHERE c.user_id = ?3 AND c.course_id = ?4`).bind(locale, defaultLocale, userId, courseId);
}
