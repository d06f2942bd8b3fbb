-- Federated sign-ins under way: the nonce each one sent to the provider, until its ID token comes
-- back. A token is accepted only with the nonce of a sign-in this site started, and only once:
-- the nonce is deleted when it is used (functions/data/federated-logins.ts).
CREATE TABLE federated_login (
  nonce TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  site_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX federated_login_expiry ON federated_login(expires_at);
