-- Trusted devices (functions/device-cookie.ts) get failure counters of their own, so that a
-- stranger who locks an account's shared counter does not lock its owner's devices out.
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with its rows.

CREATE TABLE sign_in_throttle_next (
  scope TEXT NOT NULL CHECK (scope IN ('account', 'address', 'device')),
  key TEXT NOT NULL, -- the user code as typed (lower case), the client address, or the device id
  failures INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  locked_until INTEGER,
  PRIMARY KEY (scope, key)
);
INSERT INTO sign_in_throttle_next (scope, key, failures, last_failure_at, locked_until)
  SELECT scope, key, failures, last_failure_at, locked_until FROM sign_in_throttle;
DROP TABLE sign_in_throttle;
ALTER TABLE sign_in_throttle_next RENAME TO sign_in_throttle;
