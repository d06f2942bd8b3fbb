-- SCORM packages as course sessions (docs/ARCHITECTURE.md, "SCORM packages"). A package is a
-- library file of kind 'package' (the zip, at /media/{key}); its checked, unpacked files live in
-- R2 under scorm/{key}/{unpack}/, which scorm_package names. Learners' runtime data belong to the
-- session, not to the package, so replacing a package keeps them.
PRAGMA defer_foreign_keys = on;

-- media.kind and session.kind gain 'package' and 'scorm': SQLite changes a CHECK only by
-- rebuilding the table, with its indexes and triggers. As in 0026, the rows wait in a plain copy
-- and come back by INSERT into the table made again under its own name, so that the rows
-- referencing session (session_position's) count as orphaned only until their session is back.
CREATE TABLE media_before_0027 AS SELECT * FROM media;
DROP TABLE media;
CREATE TABLE media (
  key TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('video', 'document', 'captions', 'image', 'package')),
  size INTEGER NOT NULL,
  duration_seconds REAL,
  width INTEGER,
  height INTEGER,
  etag TEXT NOT NULL,
  uploaded_at INTEGER NOT NULL,
  uploaded_by TEXT REFERENCES user(id),
  replaced_at INTEGER
);
INSERT INTO media (key, site_id, name, type, kind, size, duration_seconds, width, height, etag, uploaded_at, uploaded_by, replaced_at)
  SELECT key, site_id, name, type, kind, size, duration_seconds, width, height, etag, uploaded_at, uploaded_by, replaced_at FROM media_before_0027;
DROP TABLE media_before_0027;
CREATE INDEX media_site ON media(site_id, uploaded_at);

CREATE TABLE session_before_0027 AS SELECT * FROM session;
DROP TABLE session;
CREATE TABLE session (
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('text', 'video', 'document', 'scorm')),
  duration TEXT NOT NULL,
  media_url TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  removed_at INTEGER,
  poster_url TEXT,
  captions TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (course_id, module_number, number)
);
INSERT INTO session (course_id, module_number, number, kind, duration, media_url, position, removed_at, poster_url, captions)
  SELECT course_id, module_number, number, kind, duration, media_url, position, removed_at, poster_url, captions FROM session_before_0027;
DROP TABLE session_before_0027;
CREATE INDEX session_course ON session(course_id, module_number, position);
CREATE TRIGGER course_search_session_insert AFTER INSERT ON session BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.course_id);
END;
CREATE TRIGGER course_search_session_update AFTER UPDATE ON session BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id), (new.course_id);
END;
CREATE TRIGGER course_search_session_delete AFTER DELETE ON session BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id);
END;

-- A checked package: its manifest as read, and where its files are now unpacked.
CREATE TABLE scorm_package (
  media_key TEXT PRIMARY KEY REFERENCES media(key) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES site(id),
  version TEXT NOT NULL CHECK (version IN ('1.2', '2004-3', '2004-4')),
  prefix TEXT NOT NULL, -- scorm/{key}/{unpack}/: a replacement unpacks beside the old files, then takes over
  launch TEXT NOT NULL, -- the first item's file, relative to the prefix, with its parameters
  title TEXT NOT NULL,
  items TEXT NOT NULL, -- JSON [{ title, launch }], the manifest's organization in order
  files INTEGER NOT NULL,
  bytes INTEGER NOT NULL, -- unpacked
  unpacked_at INTEGER NOT NULL
);

-- A learner's runtime data in a SCORM session, whatever package the session holds now: what
-- restores them on any device, and what the staff report shows.
CREATE TABLE scorm_state (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
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
  PRIMARY KEY (user_id, course_id, module_number, number),
  FOREIGN KEY (course_id, module_number, number) REFERENCES session(course_id, module_number, number)
);
CREATE INDEX scorm_state_course ON scorm_state(course_id);
