-- A person's state is one machine (core/person-state.ts): invited, pending confirmation, active,
-- suspended, deleted. `status` and `registration_pending` stay where they are; this adds what a
-- suspension returns to, and the registration form a confirmation link carries.

-- The status a suspended account had ('active' or 'invited'): reactivating returns it there, so an
-- invited person suspended and reactivated is invited again (no password) and can be invited anew.
-- A pending registration keeps `registration_pending` = 1 through its suspension. NULL otherwise.
ALTER TABLE user ADD COLUMN suspended_from TEXT CHECK (suspended_from IN ('active', 'invited'));

-- Accounts suspended before this migration: one without a password nor an identity provider was
-- invited and never accepted; any other was active.
UPDATE user SET suspended_from = CASE
    WHEN password_hash IS NULL AND NOT EXISTS (SELECT 1 FROM user_federation f WHERE f.user_id = user.id) THEN 'invited'
    ELSE 'active'
  END
WHERE status = 'suspended';

-- A confirmation link carries its registration's form as it carries its password: confirming sets
-- the names and language of the form whose link was followed. NULL (links written before this
-- migration): the account's own are kept.
ALTER TABLE registration_confirmation ADD COLUMN first_name TEXT;
ALTER TABLE registration_confirmation ADD COLUMN last_name TEXT;
ALTER TABLE registration_confirmation ADD COLUMN locale TEXT;
