-- A learner's SCORM runtime data per item (SCO) of the package, not per session: a multi-SCO
-- package gives each item a runtime of its own (its status, location, suspend data), resumed per
-- item, and the session completes when every item is done. `item` is the manifest item's
-- identifier; the data kept so far, from packages whose stored items carry no identifier, becomes
-- the first item's ('', which the server reads as the first item of such a package).
-- No table points at scorm_state, so it is made anew beside the old one and renamed.
CREATE TABLE scorm_state_new (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  item TEXT NOT NULL DEFAULT '', -- the manifest item's identifier
  version TEXT NOT NULL,
  completion TEXT NOT NULL DEFAULT 'unknown', -- 1.2 lesson_status, or 2004 completion_status
  success TEXT NOT NULL DEFAULT 'unknown', -- passed, failed, unknown
  score_scaled REAL, -- 0..1 (1.2: raw over max)
  score_raw REAL,
  location TEXT NOT NULL DEFAULT '',
  suspend_data TEXT NOT NULL DEFAULT '',
  package_seconds INTEGER NOT NULL DEFAULT 0, -- the package's own total time: recorded, never trusted
  cmi TEXT NOT NULL DEFAULT '{}', -- the runtime's whole CMI object, to restore it as it was
  attempt TEXT NOT NULL DEFAULT '', -- the sitting (page load) that sent the last commit
  commits INTEGER NOT NULL DEFAULT 0, -- that sitting's last commit number: an older one arriving late is ignored
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, course_id, module_number, number, item),
  FOREIGN KEY (course_id, module_number, number) REFERENCES session(course_id, module_number, number)
);
INSERT INTO scorm_state_new (user_id, course_id, module_number, number, item, version, completion, success, score_scaled, score_raw, location,
  suspend_data, package_seconds, cmi, attempt, commits, updated_at)
SELECT user_id, course_id, module_number, number, '', version, completion, success, score_scaled, score_raw, location,
  suspend_data, package_seconds, cmi, attempt, commits, updated_at
FROM scorm_state;
DROP TABLE scorm_state;
ALTER TABLE scorm_state_new RENAME TO scorm_state;
CREATE INDEX scorm_state_course ON scorm_state(course_id);
