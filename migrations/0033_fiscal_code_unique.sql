-- A codice fiscale belongs to one person per site: `user_fiscal_code` (0025, 0026) becomes UNIQUE.
-- Codes stored before were not checked against each other, so a site may hold one code on several
-- accounts. The code stays with the account that has an ECM certificate issued with it (the
-- registry already knows that person by it), else with the oldest account (created_at, then id);
-- it is cleared on the others, each clearing written to `event` as `people.fiscalcode.clear`
-- (no acting user; subject `{user id}/{code}/{id of the account that kept it}`), which the person
-- page shows staff. Codes are compared as the application writes them: upper case, trimmed, and
-- an empty one is none.
UPDATE user SET fiscal_code = NULLIF(UPPER(TRIM(fiscal_code)), '') WHERE fiscal_code IS NOT NULL AND fiscal_code IS NOT NULLIF(UPPER(TRIM(fiscal_code)), '');

INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at)
  SELECT site_id, NULL, 'server', 'web', 'event', 'people', 'fiscalcode', 'clear', id || '/' || fiscal_code || '/' || keeper,
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM (
    SELECT u.id, u.site_id, u.fiscal_code,
      ROW_NUMBER() OVER holders AS place,
      FIRST_VALUE(u.id) OVER holders AS keeper
    FROM user u
    WHERE u.fiscal_code IS NOT NULL
    WINDOW holders AS (
      PARTITION BY u.site_id, u.fiscal_code
      ORDER BY EXISTS (SELECT 1 FROM ecm_certificate c WHERE c.user_id = u.id AND c.fiscal_code = u.fiscal_code) DESC, u.created_at, u.id
    )
  )
  WHERE place > 1;

UPDATE user SET fiscal_code = NULL
  WHERE id IN (
    SELECT id FROM (
      SELECT u.id, ROW_NUMBER() OVER (
        PARTITION BY u.site_id, u.fiscal_code
        ORDER BY EXISTS (SELECT 1 FROM ecm_certificate c WHERE c.user_id = u.id AND c.fiscal_code = u.fiscal_code) DESC, u.created_at, u.id
      ) AS place
      FROM user u
      WHERE u.fiscal_code IS NOT NULL
    )
    WHERE place > 1
  );

DROP INDEX user_fiscal_code;
CREATE UNIQUE INDEX user_fiscal_code ON user(site_id, fiscal_code) WHERE fiscal_code IS NOT NULL;

-- The audit events about a person (subject their id, or their id then '/…'), for the person page.
CREATE INDEX event_people_subject ON event(site_id, subject) WHERE action = 'people';
