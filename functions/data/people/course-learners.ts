/**
 * A course's learners, as one SQL set of user ids: those enrolled in it and those who started it
 * (a completed session, a saved video position or a SCORM package's commit; an open course has no enrolments). The
 * learners list's course filter and the course's progress report read the same set.
 * `course` is the placeholder of the course id: `?4` once, or `?` bound LEARNER_SOURCES times.
 */
export function courseLearnersSql(course: string): string {
  return `SELECT user_id FROM enrolment WHERE course_id = ${course}
    UNION SELECT user_id FROM session_progress WHERE course_id = ${course}
    UNION SELECT user_id FROM session_position WHERE course_id = ${course}
    UNION SELECT user_id FROM scorm_state WHERE course_id = ${course}`;
}

/** How many times courseLearnersSql names its placeholder. */
export const LEARNER_SOURCES = 4;
