-- Accounts staff create, one by one or by CSV import: the invitation links that let their person
-- choose a password. The account itself is a `user` row with status 'invited' (in the CHECK since
-- 0022) and no password.

-- Invitation links: only the SHA-256 of the token is kept. A link is single-use, lives 7 days and
-- is voided by a newer one (staff resend the invitation) or when the person sets a password.
CREATE TABLE invitation (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES user(id),
  site_id TEXT NOT NULL REFERENCES site(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  voided_at INTEGER
);
CREATE INDEX invitation_user ON invitation(user_id, created_at);

-- A duplicate by codice fiscale is found by index, as one by e-mail is (user_email, 0020).
CREATE INDEX user_fiscal_code ON user(site_id, fiscal_code) WHERE fiscal_code IS NOT NULL;
