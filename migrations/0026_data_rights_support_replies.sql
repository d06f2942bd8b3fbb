-- Data rights, federated accounts' gender and support replies.

-- `user` rebuilt, as SQLite cannot change a column's constraint in place:
-- * gender may be NULL: an account made by an identity provider has none until its owner says
--   (registration stores NULL as well: nobody was asked);
-- * status 'deleted': an account its owner deleted, kept only as the pseudonymous id its ECM
--   certificates and attempts point to (no name, e-mail, code or password left);
-- * details_answered_at: when the owner answered the one-time question for what ECM needs
--   (gender, codice fiscale, profession and discipline) after a federated sign-in.
-- The rows wait in a plain copy while `user` is dropped and made again under its own name, then
-- come back by INSERT: SQLite counts the rows of the tables that reference user(id) (checked at
-- commit, as deferred) as orphaned when `user` is dropped, and counts them back only when a row
-- with their id is inserted into `user`. Renaming a new table into place would leave that count
-- up and fail the migration on any database with people in it, and renaming the old one away
-- would take those tables' foreign keys with it. The indexes and the person_search triggers are
-- made again as 0020, 0022 and 0025 made them; person_search_row keys by user id, so the index
-- stays as it was.
PRAGMA defer_foreign_keys = true;

CREATE TABLE user_before_0026 AS SELECT * FROM user;
DROP TABLE user;
CREATE TABLE user (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  code TEXT NOT NULL,
  password_hash TEXT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  gender TEXT CHECK (gender IN ('m', 'f', 'n')),
  locale TEXT NOT NULL DEFAULT 'it-IT',
  roles TEXT NOT NULL DEFAULT '["learner"]', -- JSON array of role ids
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  fiscal_code TEXT,
  profession_id TEXT,
  discipline_id TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited', 'suspended', 'deleted')),
  last_sign_in_at INTEGER,
  registration_pending INTEGER NOT NULL DEFAULT 0 CHECK (registration_pending IN (0, 1)),
  privacy_version TEXT,
  privacy_accepted_at INTEGER,
  details_answered_at INTEGER,
  deleted_at INTEGER,
  UNIQUE (site_id, code)
);
INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, phone, gender, locale, roles, created_at, updated_at,
    fiscal_code, profession_id, discipline_id, status, last_sign_in_at, registration_pending, privacy_version, privacy_accepted_at)
  SELECT id, site_id, code, password_hash, first_name, last_name, email, phone,
    -- Nobody was asked: registration stored 'n', a provider's new account 'm'. A registered 'n'
    -- and a federated account's 'm' never edited since it was made were no one's answer.
    CASE
      WHEN gender = 'n' AND privacy_version IS NOT NULL THEN NULL
      WHEN gender = 'm' AND password_hash IS NULL AND updated_at = created_at AND id IN (SELECT user_id FROM user_federation) THEN NULL
      ELSE gender
    END,
    locale, roles, created_at, updated_at, fiscal_code, profession_id, discipline_id, status, last_sign_in_at, registration_pending,
    privacy_version, privacy_accepted_at
  FROM user_before_0026;
DROP TABLE user_before_0026;

CREATE INDEX user_email ON user(site_id, email COLLATE NOCASE);
CREATE INDEX user_site_name ON user(site_id, last_name COLLATE NOCASE, first_name COLLATE NOCASE, id);
CREATE INDEX user_site_status_name ON user(site_id, status, last_name COLLATE NOCASE, first_name COLLATE NOCASE, id);
-- 0025's, for an import's duplicates by codice fiscale.
CREATE INDEX user_fiscal_code ON user(site_id, fiscal_code) WHERE fiscal_code IS NOT NULL;
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

-- Support requests get a status, staff's replies (each also sent by e-mail through the outbox)
-- and an index for the paged list, all or by status, newest first.
ALTER TABLE support_request ADD COLUMN status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed'));
CREATE INDEX support_request_status ON support_request(site_id, status, id);
CREATE TABLE support_reply (
  id INTEGER PRIMARY KEY,
  request_id INTEGER NOT NULL REFERENCES support_request(id),
  user_id TEXT NOT NULL REFERENCES user(id),
  message TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX support_reply_request ON support_reply(request_id, id);
