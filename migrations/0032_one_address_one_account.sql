-- An e-mail address belongs to one account of a site. Until now any account could save any
-- address, so two accounts could share one: sign-in with it found two, a forgotten password sent
-- a link for each. Changing an address now goes through a link sent to the new address
-- (`email_change`), and a unique index makes the rule hold whoever writes.

-- Address changes asked for and not yet confirmed: only the SHA-256 of the link's token is kept.
-- A link is single-use, lives 24 hours and is voided by a newer one; following it sets `email`.
CREATE TABLE email_change (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES user(id),
  site_id TEXT NOT NULL REFERENCES site(id),
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  voided_at INTEGER
);
CREATE INDEX email_change_user ON email_change(user_id, created_at);
CREATE INDEX email_change_email ON email_change(site_id, email COLLATE NOCASE, created_at);

-- Addresses shared today: the oldest account (by creation, then id) keeps it, which is the owner
-- in every case seen (the later account typed someone's address); the others lose it, with an
-- audit event per account (`people.address.clear`, the account's id) for staff to follow up.
INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at)
SELECT u.site_id, NULL, 'migration', 'web', 'event', 'people', 'address', 'clear', u.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)
FROM user u
WHERE u.email IS NOT NULL AND EXISTS (
  SELECT 1 FROM user o
  WHERE o.site_id = u.site_id AND o.email = u.email COLLATE NOCASE AND o.id <> u.id
    AND (o.created_at < u.created_at OR (o.created_at = u.created_at AND o.id < u.id))
);
UPDATE user SET email = NULL
WHERE email IS NOT NULL AND EXISTS (
  SELECT 1 FROM user o
  WHERE o.site_id = user.site_id AND o.email = user.email COLLATE NOCASE AND o.id <> user.id
    AND (o.created_at < user.created_at OR (o.created_at = user.created_at AND o.id < user.id))
);

DROP INDEX user_email;
CREATE UNIQUE INDEX user_email ON user(site_id, email COLLATE NOCASE) WHERE email IS NOT NULL;

-- A person's history on their staff page also lists their own account's changes (an address or
-- password changed), found by who acted (staff's actions about them: index event_people_subject, 0033).
CREATE INDEX event_user_action ON event(user_id, action);
