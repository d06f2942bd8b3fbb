-- Resume where the learner left off, on any device: the last position in a video session, written
-- sparingly by the player (on pause, on leaving, at most every 20 s while playing).
CREATE TABLE session_position (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  seconds INTEGER NOT NULL CHECK (seconds BETWEEN 0 AND 86400),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, course_id, module_number, number),
  FOREIGN KEY (course_id, module_number, number) REFERENCES session(course_id, module_number, number)
);

-- The courses a learning path (a 'pf' page) gathers, in the path's order; the same in every locale.
CREATE TABLE page_course (
  site_id TEXT NOT NULL REFERENCES site(id),
  slug TEXT NOT NULL,
  course_id TEXT NOT NULL REFERENCES course(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, slug, course_id)
);
