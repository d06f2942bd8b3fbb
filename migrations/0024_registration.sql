-- Learners who register themselves: the site's setting, the pending account, privacy consent and
-- the confirmation links.

-- 'open': anyone may register at /{locale}/register; 'invitation': only staff create accounts.
ALTER TABLE site ADD COLUMN registration TEXT NOT NULL DEFAULT 'open' CHECK (registration IN ('open', 'invitation'));
-- The privacy notice's current version: a registration stores the version its learner accepted.
ALTER TABLE site ADD COLUMN privacy_version TEXT NOT NULL DEFAULT '2026-01';

-- 1 while a registered account waits for its e-mail's confirmation: it cannot sign in. Accounts
-- created any other way (seed, provider, staff) are never pending.
ALTER TABLE user ADD COLUMN registration_pending INTEGER NOT NULL DEFAULT 0 CHECK (registration_pending IN (0, 1));
ALTER TABLE user ADD COLUMN privacy_version TEXT;
ALTER TABLE user ADD COLUMN privacy_accepted_at INTEGER;

-- Confirmation links: only the SHA-256 of the token is kept. A link is single-use, lives 24 hours
-- and is voided when another of the account's links confirms it. It carries the password hash of
-- the registration that sent it, which confirming sets: someone who registered the address first
-- cannot choose the password of the owner who confirms their own registration's link.
CREATE TABLE registration_confirmation (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES user(id),
  site_id TEXT NOT NULL REFERENCES site(id),
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  voided_at INTEGER
);
CREATE INDEX registration_confirmation_user ON registration_confirmation(user_id, created_at);

-- The counted requests gain registration's scopes: registrations and resends per client address,
-- confirmation (or "someone used your address") e-mails per account or typed address.
CREATE TABLE password_attempt_next (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('reset-address', 'reset-account', 'change', 'register-address', 'register-mail')),
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
INSERT INTO password_attempt_next SELECT id, site_id, scope, key, at FROM password_attempt;
DROP TABLE password_attempt;
ALTER TABLE password_attempt_next RENAME TO password_attempt;
CREATE INDEX password_attempt_key ON password_attempt(site_id, scope, key, at);
