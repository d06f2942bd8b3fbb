-- Failed sign-ins per account and per client address (functions/sign-in-throttle.ts), and the
-- bot-check challenges already used, so a solved challenge cannot be replayed before it expires.

CREATE TABLE sign_in_throttle (
  scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
  key TEXT NOT NULL, -- the user code as typed (lower case), or the client address
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  locked_until INTEGER,
  PRIMARY KEY (scope, key)
);

CREATE TABLE bot_check_used (
  id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX bot_check_used_expiry ON bot_check_used(expires_at);
