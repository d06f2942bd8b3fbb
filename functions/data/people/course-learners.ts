/**
 * A course's learners, as one SQL set of user ids: those enrolled in it and those who started it
 * (a completed session or a saved video position; an open course has no enrolments). The
 * learners list's course filter and the course's progress report read the same set.
 * `course` is the placeholder of the course id: `?4` once, or `?` bound three times.
 */
export function courseLearnersSql(course: string): string {
  return `SELECT user_id FROM enrolment WHERE course_id = ${course}
    UNION SELECT user_id FROM session_progress WHERE course_id = ${course}
    UNION SELECT user_id FROM session_position WHERE course_id = ${course}`;
}
