-- Catalogue search with each language's stemming (functions/data/lms/search-index.ts). D1's FTS5
-- stems English only, and a trigger cannot call a stemmer: the index now holds words stemmed by
-- the Worker's code, and triggers only mark the courses whose searchable text changed. The next
-- search (or the hourly Cron Trigger, or scripts/prepare-db.mjs) rewrites their rows, so a
-- published text is found at once.

DROP TRIGGER course_search_insert;
DROP TRIGGER course_search_update;
DROP TRIGGER course_search_delete;
DROP TABLE course_search;
DROP TABLE course_search_row;

-- One row per course and text locale: the course's title, summary and description in that
-- locale, and the titles of its modules and sessions as a visitor of that locale reads them
-- (outline). Words are written lowercased, without diacritics and with their stems; unicode61
-- with remove_diacritics 2 then splits them exactly as it splits a query.
CREATE VIRTUAL TABLE course_search USING fts5(title, summary, description, outline, tokenize = 'unicode61 remove_diacritics 2');

-- Each text's row id in course_search, found by key instead of by scanning the index.
CREATE TABLE course_search_row (
  id INTEGER PRIMARY KEY,
  course_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  UNIQUE (course_id, locale)
);

-- Changes to a course's searchable text, noted by the triggers below: one row per change, so a
-- trigger never meets a conflict (a statement's own OR IGNORE or OR ABORT would otherwise apply to
-- its triggers too). AUTOINCREMENT ids only grow: a refresh that read a course's notes up to id N
-- clears those only, and a change noted meanwhile waits for the next refresh.
CREATE TABLE course_search_dirty (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  course_id TEXT NOT NULL
);
CREATE INDEX course_search_dirty_course ON course_search_dirty (course_id, id);

-- The newest note each course's index rows were written from: a refresh that read older notes
-- than another one already wrote does not put the older text back.
CREATE TABLE course_search_indexed (
  course_id TEXT PRIMARY KEY,
  mark INTEGER NOT NULL
);

INSERT INTO course_search_dirty (course_id) SELECT id FROM course ORDER BY id;

-- A course's row (site, and later its withdrawal), its texts, its modules and sessions (their
-- existence, and later their removal) and their titles. Session bodies are not searched.
CREATE TRIGGER course_search_course_insert AFTER INSERT ON course BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.id);
END;
CREATE TRIGGER course_search_course_update AFTER UPDATE ON course BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.id), (new.id);
END;
CREATE TRIGGER course_search_course_delete AFTER DELETE ON course BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.id);
END;

CREATE TRIGGER course_search_course_text_insert AFTER INSERT ON course_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.course_id);
END;
CREATE TRIGGER course_search_course_text_update AFTER UPDATE ON course_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id), (new.course_id);
END;
CREATE TRIGGER course_search_course_text_delete AFTER DELETE ON course_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id);
END;

CREATE TRIGGER course_search_module_insert AFTER INSERT ON module BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.course_id);
END;
CREATE TRIGGER course_search_module_update AFTER UPDATE ON module BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id), (new.course_id);
END;
CREATE TRIGGER course_search_module_delete AFTER DELETE ON module BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id);
END;

CREATE TRIGGER course_search_module_text_insert AFTER INSERT ON module_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.course_id);
END;
CREATE TRIGGER course_search_module_text_update AFTER UPDATE ON module_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id), (new.course_id);
END;
CREATE TRIGGER course_search_module_text_delete AFTER DELETE ON module_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id);
END;

CREATE TRIGGER course_search_session_insert AFTER INSERT ON session BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.course_id);
END;
CREATE TRIGGER course_search_session_update AFTER UPDATE ON session BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id), (new.course_id);
END;
CREATE TRIGGER course_search_session_delete AFTER DELETE ON session BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id);
END;

CREATE TRIGGER course_search_session_text_insert AFTER INSERT ON session_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (new.course_id);
END;
CREATE TRIGGER course_search_session_text_update AFTER UPDATE OF course_id, module_number, number, locale, title ON session_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id), (new.course_id);
END;
CREATE TRIGGER course_search_session_text_delete AFTER DELETE ON session_text BEGIN
  INSERT INTO course_search_dirty (course_id) VALUES (old.course_id);
END;

-- Untranslated module and session titles are read in the site's default locale.
CREATE TRIGGER course_search_site_update AFTER UPDATE OF default_locale ON site BEGIN
  INSERT INTO course_search_dirty (course_id) SELECT id FROM course WHERE site_id = new.id;
END;
