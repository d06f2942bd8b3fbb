import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { parseDuration } from '../../../core/duration.ts';
import type { AssessmentMode } from '../../../core/ecm/assessment-rules.ts';
import { bankFields, type BankFields } from '../../../core/ecm/question-bank.ts';

export interface EcmCourse {
  courseId: string;
  credits: number;
  eventId: string;
  mode: AssessmentMode;
  /** Declared duration of all sessions, in milliseconds. */
  declaredMs: number;
}

export interface EcmSettings {
  providerId: string;
  providerName: string;
  /** The provider's accreditation code with the registry (cod_accr, 3 digits); null until set. */
  accreditationCode: string | null;
  legalRepresentative: string | null;
  hasSignature: boolean;
  minTimeShare: number | null;
}

/** An ECM course of the site: it has credits and an accredited event. Null otherwise. */
export async function findEcmCourse(db: D1Database, siteId: string, courseId: string): Promise<EcmCourse | null> {
  const row = await db
    .prepare(
      `SELECT c.id AS courseId, c.ecm_credits AS credits, e.event_id AS eventId, e.mode,
              (SELECT group_concat(s.duration, '|') FROM session s WHERE s.course_id = c.id AND s.removed_at IS NULL) AS durations
       FROM course c JOIN ecm_course e ON e.course_id = c.id
       WHERE c.site_id = ? AND c.id = ? AND c.ecm_credits IS NOT NULL`,
    )
    .bind(siteId, courseId)
    .first<Omit<EcmCourse, 'declaredMs'> & { durations: string | null }>();
  if (!row) return null;
  const { durations, ...course } = row;
  return { ...course, declaredMs: declaredMsOf(durations ? durations.split('|') : []) };
}

/** The declared duration of sessions (their `duration` texts), in milliseconds. */
export function declaredMsOf(durations: string[]): number {
  return durations.reduce((sum, text) => {
    const [h, m, s] = parseDuration(text);
    return sum + ((h * 60 + m) * 60 + s) * 1000;
  }, 0);
}

export async function findEcmSettings(db: D1Database, siteId: string): Promise<EcmSettings | null> {
  const row = await db
    .prepare(
      `SELECT provider_id AS providerId, provider_name AS providerName, accreditation_code AS accreditationCode, legal_representative AS legalRepresentative,
              signature IS NOT NULL AS hasSignature, min_time_share AS minTimeShare FROM ecm_site WHERE site_id = ?`,
    )
    .bind(siteId)
    .first<Omit<EcmSettings, 'hasSignature'> & { hasSignature: number }>();
  return row ? { ...row, hasSignature: row.hasSignature === 1 } : null;
}

/** Writes the provider and the time rule; the signature only when a new one is given. */
export async function saveEcmSettings(
  db: D1Database,
  siteId: string,
  settings: Omit<EcmSettings, 'hasSignature'>,
  signature: { bytes: Uint8Array; type: string } | null,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO ecm_site (site_id, provider_id, provider_name, accreditation_code, legal_representative, min_time_share, signature, signature_type)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (site_id) DO UPDATE SET provider_id = ?2, provider_name = ?3, accreditation_code = ?4, legal_representative = ?5, min_time_share = ?6,
         signature = COALESCE(?7, signature), signature_type = COALESCE(?8, signature_type)`,
    )
    .bind(
      siteId,
      settings.providerId,
      settings.providerName,
      settings.accreditationCode,
      settings.legalRepresentative,
      settings.minTimeShare,
      signature?.bytes ?? null,
      signature?.type ?? null,
    )
    .run();
}

/** The legal representative's signature image, for the certificate. */
export async function readSignature(db: D1Database, siteId: string): Promise<{ bytes: Uint8Array; type: string } | null> {
  const row = await db
    .prepare('SELECT signature, signature_type AS type FROM ecm_site WHERE site_id = ? AND signature IS NOT NULL')
    .bind(siteId)
    .first<{ signature: ArrayBuffer | number[]; type: string }>();
  return row ? { bytes: new Uint8Array(row.signature), type: row.type } : null;
}

/** Sessions of the course the learner completed, of how many, as a statement for a batch (read by `sessionProgressOf`). */
export function sessionProgressStatement(db: D1Database, userId: string, courseId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT COUNT(*) AS total, COUNT(p.completed_at) AS done FROM session s
       LEFT JOIN session_progress p ON p.user_id = ? AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number
       WHERE s.course_id = ? AND s.removed_at IS NULL`,
    )
    .bind(userId, courseId);
}

export function sessionProgressOf(result: D1Result | undefined): { done: number; total: number } {
  const row = result?.results[0] as { total: number; done: number } | undefined;
  return { done: Number(row?.done ?? 0), total: Number(row?.total ?? 0) };
}

/** The live bank of a course in a locale, or null when that locale has none. */
export async function readBank(db: D1Database, courseId: string, locale: string): Promise<BankFields | null> {
  const row = await db.prepare('SELECT questions FROM ecm_bank WHERE course_id = ? AND locale = ?').bind(courseId, locale).first<{ questions: string }>();
  if (!row) return null;
  const parsed = bankFields.safeParse({ questions: JSON.parse(row.questions) as unknown });
  return parsed.success ? parsed.data : null;
}

/** A course of the site with its credits (null: no ECM credits) and its ECM event, if set; null for an unknown course. */
export async function findCourseEvent(
  db: D1Database,
  siteId: string,
  courseId: string,
): Promise<{ credits: number | null; event: { eventId: string; mode: AssessmentMode } | null } | null> {
  const row = await db
    .prepare(
      `SELECT c.ecm_credits AS credits, e.event_id AS eventId, e.mode FROM course c LEFT JOIN ecm_course e ON e.course_id = c.id
       WHERE c.site_id = ? AND c.id = ?`,
    )
    .bind(siteId, courseId)
    .first<{ credits: number | null; eventId: string | null; mode: AssessmentMode | null }>();
  if (!row) return null;
  return { credits: row.credits, event: row.eventId && row.mode ? { eventId: row.eventId, mode: row.mode } : null };
}

export async function saveEcmEvent(db: D1Database, courseId: string, eventId: string, mode: AssessmentMode): Promise<void> {
  await db
    .prepare('INSERT INTO ecm_course (course_id, event_id, mode) VALUES (?1, ?2, ?3) ON CONFLICT (course_id) DO UPDATE SET event_id = ?2, mode = ?3')
    .bind(courseId, eventId, mode)
    .run();
}
