-- Evidence behind a session's completion (core/session-evidence.ts): the share of a session's
-- declared duration a learner must have spent visibly on its page, per course (NULL: 80 % for an
-- ECM course, no time rule for the others), and how far the server saw a learner play a video at
-- no more than real speed.
ALTER TABLE course ADD COLUMN session_time_share REAL CHECK (session_time_share IS NULL OR (session_time_share >= 0 AND session_time_share <= 1));

-- One row per learner and video session: `watched_to` is the furthest second reached by positions
-- that advanced, from the start, no faster than the server's clock; `last_seconds`/`last_at` the
-- latest report, from which the next one is measured.
CREATE TABLE session_watch (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  watched_to INTEGER NOT NULL DEFAULT 0,
  last_seconds INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, course_id, module_number, number)
);

-- A session's tracked time without scanning the learner's other hits in the course.
CREATE INDEX hit_user_session ON hit(user_id, course_id, module_number, session_number);

-- The page each tab shows, as the server last saw it (the session its address names, checked
-- against the site's sessions), and the page the tab's latest credit was spent on: a navigation's
-- hit carries the time of the page left, so its time belongs to the tab's previous page, never
-- to a course, module or session the client names (functions/data/hits/hits.ts).
ALTER TABLE hit_clock ADD COLUMN page_course TEXT;
ALTER TABLE hit_clock ADD COLUMN page_module INTEGER;
ALTER TABLE hit_clock ADD COLUMN page_session INTEGER;
ALTER TABLE hit_clock ADD COLUMN credit_course TEXT;
ALTER TABLE hit_clock ADD COLUMN credit_module INTEGER;
ALTER TABLE hit_clock ADD COLUMN credit_session INTEGER;

-- The perceived-quality form's way to report an anomaly (anonymous, as the rest of the answers);
-- `time_adequacy` now holds the form's "time spent against the planned hours": 1 much less ... 3 the
-- same ... 5 much more.
ALTER TABLE ecm_satisfaction ADD COLUMN anomaly TEXT NOT NULL DEFAULT '';
