import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { parseDuration } from '../../../core/duration.ts';
import type { SessionKind, WatchState } from '../../../core/session-evidence.ts';

export interface EvidenceRow {
  kind: SessionKind;
  declaredSeconds: number;
  /** The course's category, which completing the session levels up. */
  categoryId: string;
  /** The course's own share, or null for its default. */
  courseShare: number | null;
  isEcm: boolean;
  trackedMs: number;
  watch: WatchState | null;
  /** Whether the learner completed the session already. */
  completed: boolean;
}

/**
 * What the server saw of a learner in one session of this site: the time its hits credited on the
 * session's page and how far a video was watched, with the session's kind, declared duration and
 * its course's category and time rule. Null when there is no such session. One statement.
 */
export async function readEvidence(
  db: D1Database,
  siteId: string,
  userId: string,
  courseId: string,
  moduleNumber: number,
  number: number,
): Promise<EvidenceRow | null> {
  return evidenceOf(await evidenceStatement(db, siteId, userId, courseId, moduleNumber, number).all());
}

/** readEvidence's statement, for a page that reads it in a batch of its own. Only reads. */
export function evidenceStatement(db: D1Database, siteId: string, userId: string, courseId: string, moduleNumber: number, number: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT s.kind, s.duration, c.category_id AS categoryId, c.session_time_share AS courseShare, c.ecm_credits IS NOT NULL AS isEcm,
              (SELECT COALESCE(SUM(h.ms), 0) FROM hit h WHERE h.user_id = ?1 AND h.course_id = s.course_id AND h.module_number = s.module_number AND h.session_number = s.number) AS trackedMs,
              w.watched_to AS watchedTo, w.last_seconds AS lastSeconds, w.last_at AS lastAt,
              EXISTS (SELECT 1 FROM session_progress p WHERE p.user_id = ?1 AND p.course_id = s.course_id AND p.module_number = s.module_number AND p.number = s.number) AS completed
       FROM session s JOIN course c ON c.id = s.course_id
       LEFT JOIN session_watch w ON w.user_id = ?1 AND w.course_id = s.course_id AND w.module_number = s.module_number AND w.number = s.number
       WHERE c.site_id = ?2 AND s.course_id = ?3 AND s.module_number = ?4 AND s.number = ?5 AND s.removed_at IS NULL`,
    )
    .bind(userId, siteId, courseId, moduleNumber, number);
}

/** evidenceStatement's result as an EvidenceRow, or null when there is no such session. */
export function evidenceOf(result: D1Result): EvidenceRow | null {
  const row = result.results[0] as
    | {
        kind: SessionKind;
        duration: string;
        categoryId: string;
        courseShare: number | null;
        isEcm: number;
        trackedMs: number;
        watchedTo: number | null;
        lastSeconds: number | null;
        lastAt: number | null;
        completed: number;
      }
    | undefined;
  if (!row) return null;
  const [h, m, s] = parseDuration(row.duration);
  return {
    kind: row.kind,
    declaredSeconds: (h * 60 + m) * 60 + s,
    categoryId: row.categoryId,
    courseShare: row.courseShare,
    isEcm: Boolean(row.isEcm),
    trackedMs: Number(row.trackedMs),
    watch: row.watchedTo === null ? null : { watchedTo: row.watchedTo, lastSeconds: Number(row.lastSeconds), lastAt: Number(row.lastAt) },
    completed: Boolean(row.completed),
  };
}
