-- Schema of the learning platform. Every row that belongs to a site carries site_id.

CREATE TABLE site (
  id TEXT PRIMARY KEY,
  nice_name TEXT NOT NULL,
  logo TEXT NOT NULL,
  default_locale TEXT NOT NULL,
  supported_locales TEXT NOT NULL -- JSON array of locale codes, default first
);

CREATE TABLE locale (
  code TEXT PRIMARY KEY,
  country_code TEXT NOT NULL,
  name TEXT NOT NULL
);

CREATE TABLE boilerplate (
  site_id TEXT NOT NULL REFERENCES site(id),
  key TEXT NOT NULL,
  locale TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (site_id, key, locale)
);

CREATE TABLE role (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('user', 'admin', 'tester')),
  permissions TEXT NOT NULL DEFAULT '[]' -- JSON array
);

CREATE TABLE user (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  code TEXT NOT NULL,
  password_hash TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  gender TEXT NOT NULL DEFAULT 'm' CHECK (gender IN ('m', 'f', 'n')),
  locale TEXT NOT NULL DEFAULT 'it-IT',
  roles TEXT NOT NULL DEFAULT '["learner"]', -- JSON array of role ids
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (site_id, code)
);

CREATE TABLE user_federation (
  provider TEXT NOT NULL,
  federated_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES user(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (provider, federated_id)
);
CREATE INDEX user_federation_user ON user_federation(user_id);

-- Opaque tokens, stored as SHA-256 hashes. A refresh token rotates within its family.
CREATE TABLE auth_token (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES user(id),
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  family TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX auth_token_user ON auth_token(user_id);
CREATE INDEX auth_token_family ON auth_token(family);

CREATE TABLE category (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  slug TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'category',
  position INTEGER NOT NULL DEFAULT 0,
  UNIQUE (site_id, slug)
);

CREATE TABLE category_text (
  category_id TEXT NOT NULL REFERENCES category(id),
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (category_id, locale)
);

-- A course id is a multi-segment path, e.g. 'ecm/rischio-clinico'.
CREATE TABLE course (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  category_id TEXT NOT NULL REFERENCES category(id),
  ecm_credits REAL, -- NULL: no continuing-medical-education credits
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX course_site ON course(site_id, position);

CREATE TABLE course_text (
  course_id TEXT NOT NULL REFERENCES course(id),
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (course_id, locale)
);

CREATE TABLE module (
  course_id TEXT NOT NULL REFERENCES course(id),
  number INTEGER NOT NULL,
  PRIMARY KEY (course_id, number)
);

CREATE TABLE module_text (
  course_id TEXT NOT NULL,
  number INTEGER NOT NULL,
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  PRIMARY KEY (course_id, number, locale)
);

CREATE TABLE session (
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('text', 'video', 'document')),
  duration TEXT NOT NULL, -- 'h m s' style, e.g. '0h 25m 0s'
  media_url TEXT,
  PRIMARY KEY (course_id, module_number, number)
);

CREATE TABLE session_text (
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (course_id, module_number, number, locale)
);

CREATE TABLE session_progress (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL,
  module_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  completed_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, course_id, module_number, number)
);

CREATE TABLE badge (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  category_id TEXT REFERENCES category(id),
  icon TEXT NOT NULL,
  rule TEXT NOT NULL, -- which gamification rule awards it, e.g. 'sessions'
  threshold INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE badge_text (
  badge_id TEXT NOT NULL REFERENCES badge(id),
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (badge_id, locale)
);

CREATE TABLE level (
  site_id TEXT NOT NULL REFERENCES site(id),
  level INTEGER NOT NULL,
  experience INTEGER NOT NULL, -- experience needed to reach it
  PRIMARY KEY (site_id, level)
);

CREATE TABLE level_text (
  site_id TEXT NOT NULL,
  level INTEGER NOT NULL,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (site_id, level, locale)
);

CREATE TABLE user_badge (
  user_id TEXT NOT NULL REFERENCES user(id),
  badge_id TEXT NOT NULL REFERENCES badge(id),
  obtained_at INTEGER NOT NULL,
  amount INTEGER NOT NULL DEFAULT 1,
  chain INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (user_id, badge_id)
);

CREATE TABLE user_level (
  user_id TEXT NOT NULL REFERENCES user(id),
  category_id TEXT NOT NULL REFERENCES category(id),
  level INTEGER NOT NULL,
  experience INTEGER NOT NULL,
  obtained_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, category_id)
);

-- Content pages: kind 'content' (home, privacy, ... and catch-all), 'pf', 'repository'.
CREATE TABLE page (
  site_id TEXT NOT NULL REFERENCES site(id),
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('content', 'pf', 'repository')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '[]', -- JSON array of blocks { type: 'h2' | 'p', text }
  tiles TEXT, -- JSON tile page content { isExpired, tiles[] } or NULL
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, locale, kind, slug)
);

CREATE TABLE event (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  user_id TEXT,
  ua TEXT NOT NULL,
  origin TEXT NOT NULL,
  type TEXT NOT NULL,
  action TEXT NOT NULL,
  variant TEXT,
  scope TEXT,
  subject TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE hit (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  user_id TEXT,
  identity TEXT NOT NULL,
  ua TEXT NOT NULL,
  origin TEXT NOT NULL,
  path TEXT NOT NULL,
  ms INTEGER NOT NULL,
  device TEXT NOT NULL,
  course_id TEXT,
  module_number INTEGER,
  session_number INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX hit_user ON hit(user_id, created_at);

-- Roll-up of hits, one row per learner, Europe/Rome day and hour, device and subject:
-- statistics read this, never the raw hits.
CREATE TABLE stats_hourly (
  site_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  day TEXT NOT NULL, -- YYYY-MM-DD in Europe/Rome
  hour INTEGER NOT NULL, -- 0..23 in Europe/Rome
  device TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '', -- category id of the course, '' outside courses
  ms INTEGER NOT NULL,
  PRIMARY KEY (site_id, user_id, day, hour, device, subject)
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
