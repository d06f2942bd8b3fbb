-- ECM (continuing medical education, distance learning): the learner's registry fields, the
-- commission's professions and disciplines, the provider, each ECM course's event and question
-- banks, assessment attempts, the anonymous satisfaction questionnaire and certificates.

ALTER TABLE user ADD COLUMN fiscal_code TEXT; -- codice fiscale, upper case, check character verified
ALTER TABLE user ADD COLUMN profession_id TEXT;
ALTER TABLE user ADD COLUMN discipline_id TEXT;

CREATE TABLE ecm_profession (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE ecm_profession_text (
  profession_id TEXT NOT NULL REFERENCES ecm_profession(id),
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (profession_id, locale)
);

CREATE TABLE ecm_discipline (
  id TEXT PRIMARY KEY,
  profession_id TEXT NOT NULL REFERENCES ecm_profession(id),
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ecm_discipline_profession ON ecm_discipline(profession_id, position);

CREATE TABLE ecm_discipline_text (
  discipline_id TEXT NOT NULL REFERENCES ecm_discipline(id),
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (discipline_id, locale)
);

-- The provider (accredited organiser) of a site and its optional time rule.
CREATE TABLE ecm_site (
  site_id TEXT PRIMARY KEY REFERENCES site(id),
  provider_id TEXT NOT NULL,
  provider_name TEXT NOT NULL,
  -- Share of a course's declared duration the learner must have spent in it (tracked hits)
  -- before the assessment opens; NULL: no time rule.
  min_time_share REAL CHECK (min_time_share IS NULL OR (min_time_share > 0 AND min_time_share <= 1))
);

-- The accredited event behind an ECM course. 'fixed': every attempt asks the whole bank, at most
-- 5 attempts; 'draw': each attempt draws a new set from a bank at least twice as large, unlimited.
CREATE TABLE ecm_course (
  course_id TEXT PRIMARY KEY REFERENCES course(id),
  event_id TEXT NOT NULL,
  edition INTEGER NOT NULL DEFAULT 1,
  mode TEXT NOT NULL DEFAULT 'fixed' CHECK (mode IN ('fixed', 'draw'))
);

-- The live question bank of a course in one locale: JSON { questions: [{ id, text, options[4], correct }] },
-- edited as the CMS document kind 'bank'. Never sent to learners as it is.
CREATE TABLE ecm_bank (
  course_id TEXT NOT NULL REFERENCES course(id),
  locale TEXT NOT NULL,
  questions TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (course_id, locale)
);

-- One attempt of one learner: the questions drawn, in the order shown, with the options in the
-- order shown under ids made for this attempt (so an id tells nothing about the bank's order),
-- and the answers as saved. The snapshot keeps grading stable while editors change the bank.
CREATE TABLE ecm_attempt (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL REFERENCES course(id),
  number INTEGER NOT NULL,
  locale TEXT NOT NULL,
  questions TEXT NOT NULL, -- JSON [{ id, text, options: [{ id, text }], correct }]
  answers TEXT NOT NULL DEFAULT '{}', -- JSON { questionId: optionId }
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  submitted_at INTEGER,
  correct INTEGER,
  total INTEGER,
  passed INTEGER CHECK (passed IN (0, 1)),
  UNIQUE (user_id, course_id, number)
);
-- At most one open attempt per learner and course, even when two requests race.
CREATE UNIQUE INDEX ecm_attempt_open ON ecm_attempt(user_id, course_id) WHERE submitted_at IS NULL;

-- Answers to the satisfaction questionnaire, without the learner: no user, no time more precise
-- than the month, and a random key in a table without rowid, so neither an id nor the storage
-- order can be matched with who filled it in or when.
CREATE TABLE ecm_satisfaction (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  course_id TEXT NOT NULL,
  edition INTEGER NOT NULL,
  month TEXT NOT NULL, -- YYYY-MM
  relevance INTEGER NOT NULL CHECK (relevance BETWEEN 1 AND 5),
  quality INTEGER NOT NULL CHECK (quality BETWEEN 1 AND 5),
  usefulness INTEGER NOT NULL CHECK (usefulness BETWEEN 1 AND 5),
  time_adequacy INTEGER NOT NULL CHECK (time_adequacy BETWEEN 1 AND 5),
  commercial_influence INTEGER NOT NULL CHECK (commercial_influence BETWEEN 1 AND 4),
  comment TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE INDEX ecm_satisfaction_course ON ecm_satisfaction(site_id, course_id);

-- That a learner filled the questionnaire in for a course: not what they answered.
CREATE TABLE ecm_satisfaction_done (
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL REFERENCES course(id),
  PRIMARY KEY (user_id, course_id)
);

-- Issued certificates. The learner's and the event's data are kept as they were at issue: a
-- certificate is a record and does not change when the profile or the course does.
CREATE TABLE ecm_certificate (
  code TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES user(id),
  course_id TEXT NOT NULL REFERENCES course(id),
  attempt_id TEXT NOT NULL REFERENCES ecm_attempt(id),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  fiscal_code TEXT NOT NULL,
  profession_id TEXT NOT NULL,
  discipline_id TEXT NOT NULL,
  credits REAL NOT NULL,
  event_id TEXT NOT NULL,
  edition INTEGER NOT NULL,
  provider_id TEXT NOT NULL,
  provider_name TEXT NOT NULL,
  completed_at INTEGER NOT NULL, -- when the assessment was passed
  issued_at INTEGER NOT NULL,
  UNIQUE (user_id, course_id)
);
CREATE INDEX ecm_certificate_course ON ecm_certificate(site_id, course_id, completed_at);

-- Tracked learning time per course (the optional time rule) without scanning a learner's other hits.
CREATE INDEX hit_user_course ON hit(user_id, course_id);

-- Question banks are CMS documents too: the kind list of cms_draft gains 'bank'.
CREATE TABLE cms_draft_new (
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('content', 'pf', 'repository', 'course', 'category', 'boilerplate', 'bank')),
  key TEXT NOT NULL,
  fields TEXT NOT NULL,
  author_id TEXT NOT NULL REFERENCES user(id),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (site_id, locale, kind, key)
);
INSERT INTO cms_draft_new SELECT site_id, locale, kind, key, fields, author_id, updated_at FROM cms_draft;
DROP TABLE cms_draft;
ALTER TABLE cms_draft_new RENAME TO cms_draft;
