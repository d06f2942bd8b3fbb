-- Catalogue search (functions/data/course-search.ts): a full-text index of every localized course
-- title and summary. The unicode61 tokenizer with remove_diacritics 2 makes case and accents
-- irrelevant ("càrdio" finds "Cardiologia"). Triggers keep it in step with course_text, which
-- editors publish through the CMS. Each text's row id in the index comes from course_search_row,
-- an ordinary table with an INTEGER PRIMARY KEY, so a change finds its index row by key instead of
-- scanning the index, and the ids stay stable whatever happens to course_text's own rowids.

CREATE VIRTUAL TABLE course_search USING fts5(title, summary, tokenize = 'unicode61 remove_diacritics 2');

CREATE TABLE course_search_row (
  id INTEGER PRIMARY KEY, -- the rowid of this text in course_search
  course_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  UNIQUE (course_id, locale)
);

INSERT INTO course_search_row (course_id, locale) SELECT course_id, locale FROM course_text;
INSERT INTO course_search (rowid, title, summary)
  SELECT r.id, t.title, t.summary FROM course_text t JOIN course_search_row r ON r.course_id = t.course_id AND r.locale = t.locale;

-- Also what INSERT OR REPLACE does: it removes the old row without firing the delete trigger.
CREATE TRIGGER course_search_insert AFTER INSERT ON course_text BEGIN
  INSERT OR IGNORE INTO course_search_row (course_id, locale) VALUES (new.course_id, new.locale);
  DELETE FROM course_search WHERE rowid = (SELECT id FROM course_search_row WHERE course_id = new.course_id AND locale = new.locale);
  INSERT INTO course_search (rowid, title, summary)
    SELECT id, new.title, new.summary FROM course_search_row WHERE course_id = new.course_id AND locale = new.locale;
END;

CREATE TRIGGER course_search_update AFTER UPDATE ON course_text BEGIN
  DELETE FROM course_search WHERE rowid = (SELECT id FROM course_search_row WHERE course_id = old.course_id AND locale = old.locale);
  DELETE FROM course_search_row WHERE course_id = old.course_id AND locale = old.locale;
  INSERT OR IGNORE INTO course_search_row (course_id, locale) VALUES (new.course_id, new.locale);
  DELETE FROM course_search WHERE rowid = (SELECT id FROM course_search_row WHERE course_id = new.course_id AND locale = new.locale);
  INSERT INTO course_search (rowid, title, summary)
    SELECT id, new.title, new.summary FROM course_search_row WHERE course_id = new.course_id AND locale = new.locale;
END;

CREATE TRIGGER course_search_delete AFTER DELETE ON course_text BEGIN
  DELETE FROM course_search WHERE rowid = (SELECT id FROM course_search_row WHERE course_id = old.course_id AND locale = old.locale);
  DELETE FROM course_search_row WHERE course_id = old.course_id AND locale = old.locale;
END;
