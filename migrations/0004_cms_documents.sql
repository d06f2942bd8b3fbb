-- Editors edit more than pages: course texts, categories and interface strings too. Drafts and
-- versions become documents of a kind with a key and their fields as JSON, so every kind shares
-- one draft, history, revert and publish path. Existing drafts and versions are carried over.

CREATE TABLE cms_draft (
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('content', 'pf', 'repository', 'course', 'category', 'boilerplate')),
  key TEXT NOT NULL, -- page slug, course id, category id or boilerplate key
  fields TEXT NOT NULL, -- JSON object, its shape set by the kind (functions/cms-document.ts)
  author_id TEXT NOT NULL REFERENCES user(id),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, locale, kind, key)
);

CREATE TABLE cms_version (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  fields TEXT NOT NULL,
  author_id TEXT NOT NULL REFERENCES user(id),
  created_at INTEGER NOT NULL,
  -- 'draft' when saved, 'published' once it went live, 'live-before' for the text a publish replaced
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'live-before'))
);
CREATE INDEX cms_version_document ON cms_version(site_id, kind, key, locale, id);

INSERT INTO cms_draft (site_id, locale, kind, key, fields, author_id, updated_at)
  SELECT site_id, locale, kind, slug, json_object('title', title, 'description', description, 'body', json(body)), author_id, updated_at FROM content_draft;
INSERT INTO cms_version (id, site_id, locale, kind, key, fields, author_id, created_at, status)
  SELECT id, site_id, locale, kind, slug, json_object('title', title, 'description', description, 'body', json(body)), author_id, created_at, status FROM content_version;

DROP TABLE content_draft;
DROP TABLE content_version;

-- Where a publish request was handed on: 'local' (the npm start build worker) or 'hook' (a deploy hook).
ALTER TABLE build_request ADD COLUMN runner TEXT NOT NULL DEFAULT 'local';
