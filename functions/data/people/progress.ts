import type { D1Database } from '@cloudflare/workers-types';
import type { ProgressRow } from '../../../core/contracts/people.ts';
import type { AccountStatus } from '../../../core/user.ts';
import { courseLearnersSql } from './course-learners.ts';
import { listedState } from './people.ts';

export type { ProgressRow };

/**
 * One row per (learner `u`, course `c`) of a report, every figure read by the indexes a learner
 * and course share: sessions done of those the course has now (removed ones count for neither),
 * tracked time and the last page seen (`hit_user_course_time`), the last completion, video
 * position and package commit, enrolment, the ECM state where the course is an ECM event, and what its SCORM packages
 * last committed. Binds ?1 locale, ?2
 * the default locale.
 */
const ROW_SELECT = `SELECT u.id AS userId, u.code, u.first_name AS firstName, u.last_name AS lastName, u.status, u.registration_pending, u.suspended_from,
    c.id AS courseId, COALESCE(t.title, t_d.title, c.id) AS courseTitle,
    e.enrolled_at AS enrolledAt, e.via,
    (SELECT COUNT(*) FROM session_progress p JOIN session s
       ON s.course_id = p.course_id AND s.module_number = p.module_number AND s.number = p.number AND s.removed_at IS NULL
     WHERE p.user_id = u.id AND p.course_id = c.id) AS done,
    (SELECT COUNT(*) FROM session s WHERE s.course_id = c.id AND s.removed_at IS NULL) AS total,
    (SELECT COALESCE(SUM(h.ms), 0) FROM hit h WHERE h.user_id = u.id AND h.course_id = c.id) AS trackedMs,
    NULLIF(MAX(
      COALESCE((SELECT MAX(h.created_at) FROM hit h WHERE h.user_id = u.id AND h.course_id = c.id), 0),
      COALESCE((SELECT MAX(p.completed_at) FROM session_progress p WHERE p.user_id = u.id AND p.course_id = c.id), 0),
      COALESCE((SELECT MAX(v.updated_at) FROM session_position v WHERE v.user_id = u.id AND v.course_id = c.id), 0),
      COALESCE((SELECT MAX(ss.updated_at) FROM scorm_state ss WHERE ss.user_id = u.id AND ss.course_id = c.id), 0)
    ), 0) AS lastActivity,
    ec.course_id IS NOT NULL AS isEcm,
    (SELECT COUNT(*) FROM ecm_attempt a WHERE a.user_id = u.id AND a.course_id = c.id AND a.submitted_at IS NOT NULL) AS attempts,
    EXISTS (SELECT 1 FROM ecm_attempt a WHERE a.user_id = u.id AND a.course_id = c.id AND a.passed = 1) AS passed,
    EXISTS (SELECT 1 FROM ecm_satisfaction_done d WHERE d.user_id = u.id AND d.course_id = c.id) AS questionnaire,
    (SELECT x.code FROM ecm_certificate x WHERE x.user_id = u.id AND x.course_id = c.id) AS certificate,
    (SELECT json_group_array(json_object('module', ss.module_number, 'session', ss.number, 'item', ss.item, 'completion', ss.completion, 'success', ss.success,
       'scoreScaled', ss.score_scaled)) FROM scorm_state ss WHERE ss.user_id = u.id AND ss.course_id = c.id) AS scormJson`;

const ROW_JOINS = `LEFT JOIN course_text t ON t.course_id = c.id AND t.locale = ?1
  LEFT JOIN course_text t_d ON t_d.course_id = c.id AND t_d.locale = ?2
  LEFT JOIN enrolment e ON e.user_id = u.id AND e.course_id = c.id
  LEFT JOIN ecm_course ec ON ec.course_id = c.id`;

const NAME_ORDER = 'u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id';

type RawRow = Omit<ProgressRow, 'ecm' | 'scorm' | 'status'> & {
  status: AccountStatus;
  registration_pending: number;
  suspended_from: AccountStatus | null;
  isEcm: number;
  attempts: number;
  passed: number;
  questionnaire: number;
  certificate: string | null;
  scormJson: string;
};

function toRow({ isEcm, attempts, passed, questionnaire, certificate, scormJson, status, registration_pending, suspended_from, ...row }: RawRow): ProgressRow {
  return {
    ...row,
    status: listedState({ status, registration_pending, suspended_from }),
    trackedMs: Number(row.trackedMs),
    ecm: isEcm === 1 ? { attempts, passed: passed === 1, questionnaire: questionnaire === 1, certificate } : null,
    scorm: (JSON.parse(scormJson) as ProgressRow['scorm']).sort((a, b) => a.module - b.module || a.session - b.session || a.item.localeCompare(b.item)),
  };
}

/**
 * The learners of a course (enrolled, or started it), in name order: a page of them
 * (`limit` -1 for all, the CSV) and how many there are. The page is chosen first, so the figures
 * are read for its rows only.
 */
export async function listCourseLearners(
  db: D1Database,
  siteId: string,
  courseId: string,
  locale: string,
  defaultLocale: string,
  paging: { limit: number; offset: number },
): Promise<{ rows: ProgressRow[]; total: number }> {
  // From the course's learners to their people (CROSS JOIN fixes that order: the planner would test every person of the site).
  const learners = `SELECT u.id FROM (${courseLearnersSql('?4')}) l CROSS JOIN user u ON u.id = l.user_id WHERE u.site_id = ?3`;
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `${ROW_SELECT}
         FROM (${learners} ORDER BY ${NAME_ORDER} LIMIT ?5 OFFSET ?6) chosen
         JOIN user u ON u.id = chosen.id JOIN course c ON c.id = ?4
         ${ROW_JOINS}
         ORDER BY ${NAME_ORDER}`,
      )
      .bind(locale, defaultLocale, siteId, courseId, paging.limit, paging.offset),
    db
      .prepare(`SELECT COUNT(*) AS total FROM (${courseLearnersSql('?2')}) l CROSS JOIN user u ON u.id = l.user_id WHERE u.site_id = ?1`)
      .bind(siteId, courseId),
  ]);
  return { rows: ((rows?.results ?? []) as unknown as RawRow[]).map(toRow), total: Number(count?.results[0]?.total ?? 0) };
}

/** The courses of a learner (enrolled, or started), by title: the same figures as a course's report. */
export async function listPersonCourses(db: D1Database, siteId: string, userId: string, locale: string, defaultLocale: string): Promise<ProgressRow[]> {
  const { results } = await db
    .prepare(
      `${ROW_SELECT}
       FROM (SELECT course_id FROM enrolment WHERE user_id = ?3
             UNION SELECT course_id FROM session_progress WHERE user_id = ?3
             UNION SELECT course_id FROM session_position WHERE user_id = ?3
             UNION SELECT course_id FROM scorm_state WHERE user_id = ?3) mine
       JOIN course c ON c.id = mine.course_id AND c.site_id = ?4
       JOIN user u ON u.id = ?3
       ${ROW_JOINS}
       ORDER BY courseTitle COLLATE NOCASE, c.id`,
    )
    .bind(locale, defaultLocale, userId, siteId)
    .all<RawRow>();
  return results.map(toRow);
}
