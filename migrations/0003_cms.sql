-- Editors' work: drafts (one per page and locale), every saved version, and publish requests.

CREATE TABLE content_draft (
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('content', 'pf', 'repository')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  body TEXT NOT NULL, -- JSON blocks, as in page.body
  author_id TEXT NOT NULL REFERENCES user(id),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, locale, kind, slug)
);

CREATE TABLE content_version (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  body TEXT NOT NULL,
  author_id TEXT NOT NULL REFERENCES user(id),
  created_at INTEGER NOT NULL,
  -- 'draft' when saved, 'published' once it went live, 'live-before' for the text a publish replaced
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'live-before'))
);
CREATE INDEX content_version_page ON content_version(site_id, kind, slug, locale, id);

CREATE TABLE build_request (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  requested_by TEXT NOT NULL REFERENCES user(id),
  requested_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'building', 'live', 'failed')),
  started_at INTEGER,
  finished_at INTEGER,
  build_id TEXT,
  error TEXT
);
CREATE INDEX build_request_status ON build_request(status, id);
