-- E-mail through a durable outbox, and forgotten or changed passwords.

-- Every message the platform sends: written in the same D1 batch as the action that causes it,
-- delivered by the MAIL queue's consumer (functions/email/deliver.ts). `payload` holds the template's
-- values sealed with a key derived from SESSION_SECRET (they may carry a live link) and is cleared
-- once the message is sent. `next_attempt_at` is when a pending row is due, or when a claim that
-- was never settled ('sending') may be taken again.
CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL REFERENCES site(id),
  recipient TEXT NOT NULL,
  locale TEXT NOT NULL,
  template TEXT NOT NULL,
  origin TEXT NOT NULL,
  payload TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  message_id TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX email_outbox_due ON email_outbox(next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX email_outbox_site ON email_outbox(site_id, created_at);

-- Password reset links: only the SHA-256 of the token is kept. A link is single-use (`used_at`),
-- lives an hour, and is voided by a newer one or by any successful reset (`voided_at`).
CREATE TABLE password_reset (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES user(id),
  site_id TEXT NOT NULL REFERENCES site(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  voided_at INTEGER
);
CREATE INDEX password_reset_user ON password_reset(user_id, created_at);

-- Requests counted for throttling, each with an id the rest of its batch can test for: reset
-- requests per client address (a keyed hash, never the address) and per account (an unknown one
-- by a hash of what was typed), wrong current passwords per user. Forgotten after their hour.
CREATE TABLE password_attempt (
  id TEXT PRIMARY KEY,
  site_id TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('reset-address', 'reset-account', 'change')),
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX password_attempt_key ON password_attempt(site_id, scope, key, at);

-- A reset request names an account by user code or e-mail address, whatever its case.
CREATE INDEX user_email ON user(site_id, email COLLATE NOCASE);
