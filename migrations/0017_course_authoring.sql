-- Courses authored in the CMS. A module's and a session's number is its identity (addresses,
-- progress, positions and hits name it) and is never reused; the order learners see is
-- `position`. A removed module or session keeps its row, so learners' records still name it;
-- a withdrawn course leaves the catalogue and keeps its learners' history and certificates.
ALTER TABLE course ADD COLUMN withdrawn_at INTEGER;

ALTER TABLE module ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE module ADD COLUMN removed_at INTEGER;
UPDATE module SET position = number;

ALTER TABLE session ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session ADD COLUMN removed_at INTEGER;
-- A video's poster frame (a /media/ address) and its captions: JSON { "{locale}": "/media/..." }.
ALTER TABLE session ADD COLUMN poster_url TEXT;
ALTER TABLE session ADD COLUMN captions TEXT NOT NULL DEFAULT '{}';
UPDATE session SET position = number;
-- Until now a video's captions were found by name beside it (lesson.webm, lesson.it-IT.vtt).
UPDATE session SET captions = json_object(
    'it-IT', replace(media_url, '.webm', '.it-IT.vtt'),
    'en-US', replace(media_url, '.webm', '.en-US.vtt'),
    'de-DE', replace(media_url, '.webm', '.de-DE.vtt'))
  WHERE kind = 'video' AND media_url LIKE '/media/%.webm';

-- A session's body is a list of blocks (headings, paragraphs, lists, images), as JSON, like a
-- page's; a plain text body becomes one paragraph block, its blank lines kept.
UPDATE session_text SET body = json_array(json_object('type', 'p', 'text', body))
  WHERE NOT json_valid(body) OR json_type(body) <> 'array';

CREATE INDEX module_course ON module(course_id, position);
CREATE INDEX session_course ON session(course_id, module_number, position);

-- The structure drafts: 'outline' (a course's modules and sessions, category, credits),
-- 'module' and 'session' (their texts per locale), 'categories' (the catalogue's categories and order).
CREATE TABLE cms_draft_new (
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('content', 'pf', 'repository', 'course', 'category', 'boilerplate', 'bank', 'outline', 'module', 'session', 'categories')),
  key TEXT NOT NULL,
  fields TEXT NOT NULL,
  author_id TEXT NOT NULL REFERENCES user(id),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, locale, kind, key)
);
INSERT INTO cms_draft_new SELECT site_id, locale, kind, key, fields, author_id, updated_at FROM cms_draft;
DROP TABLE cms_draft;
ALTER TABLE cms_draft_new RENAME TO cms_draft;
