-- When the demo history was loaded, if it was: scripts/prepare-db.mjs loads it only once.
SELECT value FROM meta WHERE key = 'seeded_at';
