-- People administration for staff (`people:manage`): an account's status and last sign-in, the
-- index the learners list searches, and who may open a course (enrolment).

-- 'suspended' cannot sign in (functions/auth/sign-in.ts, federated-sign-in.ts, session.ts).
-- 'invited' is kept for accounts staff create that wait for their person to set a password (the
-- e-mail outbox brings invitations): in the CHECK now, so adding them needs no rebuild of `user`.
ALTER TABLE user ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited', 'suspended'));
-- Written with the tokens of every sign-in (functions/data/auth/tokens.ts).
ALTER TABLE user ADD COLUMN last_sign_in_at INTEGER;

-- The learners list without a search reads people in name order, page by page, with or without a
-- status; the collation is the ORDER BY's (functions/data/people/people.ts).
CREATE INDEX user_site_name ON user(site_id, last_name COLLATE NOCASE, first_name COLLATE NOCASE, id);
CREATE INDEX user_site_status_name ON user(site_id, status, last_name COLLATE NOCASE, first_name COLLATE NOCASE, id);

-- Words of each person's names, user code, e-mail and codice fiscale, lowercased and without
-- diacritics by the tokenizer (the same as a typed query's, core/people-search.ts), each found by
-- its start: "ross" finds Rossi, "giulia.b" giulia.bianchi@…, "BNCGLI88" the codice fiscale.
-- Prefix indexes for 2 and 3 characters keep the shortest searches from scanning the term list.
CREATE VIRTUAL TABLE person_search USING fts5(words, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');

-- Each person's row id in person_search, found by key. The user table's own rowid is no key: a
-- VACUUM (the backups' VACUUM INTO) may renumber the rows of a table without INTEGER PRIMARY KEY.
CREATE TABLE person_search_row (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE
);

INSERT INTO person_search_row (user_id) SELECT id FROM user ORDER BY rowid;
INSERT INTO person_search (rowid, words)
  SELECT r.id, u.first_name || ' ' || u.last_name || ' ' || u.code || ' ' || COALESCE(u.email, '') || ' ' || COALESCE(u.fiscal_code, '')
  FROM person_search_row r JOIN user u ON u.id = r.user_id;

-- Every writer of a person's searchable fields keeps the index current, whichever code path it
-- is (sign-up, the ECM profile, federated accounts, the seed, an import).
CREATE TRIGGER person_search_insert AFTER INSERT ON user BEGIN
  INSERT INTO person_search_row (user_id) VALUES (new.id);
  INSERT INTO person_search (rowid, words) VALUES (
    (SELECT id FROM person_search_row WHERE user_id = new.id),
    new.first_name || ' ' || new.last_name || ' ' || new.code || ' ' || COALESCE(new.email, '') || ' ' || COALESCE(new.fiscal_code, ''));
END;
CREATE TRIGGER person_search_update AFTER UPDATE OF first_name, last_name, code, email, fiscal_code ON user BEGIN
  UPDATE person_search
    SET words = new.first_name || ' ' || new.last_name || ' ' || new.code || ' ' || COALESCE(new.email, '') || ' ' || COALESCE(new.fiscal_code, '')
    WHERE rowid = (SELECT id FROM person_search_row WHERE user_id = new.id);
END;
CREATE TRIGGER person_search_delete AFTER DELETE ON user BEGIN
  DELETE FROM person_search WHERE rowid = (SELECT id FROM person_search_row WHERE user_id = old.id);
  DELETE FROM person_search_row WHERE user_id = old.id;
END;

-- Who may open a course (core/course-access.ts): a course without a row is open to every
-- signed-in learner. The course key is stored as staff hand it out (they read it again on the
-- course's people page); a learner types it on the course page to enrol.
CREATE TABLE course_access (
  course_id TEXT PRIMARY KEY REFERENCES course(id),
  mode TEXT NOT NULL CHECK (mode IN ('open', 'enrolment', 'closed')),
  course_key TEXT,
  updated_by TEXT REFERENCES user(id),
  updated_at INTEGER NOT NULL
);

-- A person enrolled in a course: when, by whom (the learner themselves for a course key) and how
-- ('staff', 'key'; an import may add its own way).
CREATE TABLE enrolment (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL REFERENCES course(id),
  enrolled_at INTEGER NOT NULL,
  enrolled_by TEXT REFERENCES user(id),
  via TEXT NOT NULL,
  PRIMARY KEY (user_id, course_id)
);
CREATE INDEX enrolment_course ON enrolment(course_id, user_id);

-- A course's learners are those enrolled and those who started it (a completed session, a saved
-- video position): found by course, not only by learner.
CREATE INDEX session_progress_course ON session_progress(course_id, user_id);
CREATE INDEX session_position_course ON session_position(course_id, user_id);
