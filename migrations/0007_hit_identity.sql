-- The learning-time clock of each tab identity (the hit body's `identity`, per site and user or
-- visitor), and one per learner across their tabs (identity ''): a hit earns at most the time
-- that has passed since its clock, as the server saw it (functions/data/hits.ts). One row per
-- identity, far fewer than the hits themselves.
CREATE TABLE hit_clock (
  site_id TEXT NOT NULL,
  owner TEXT NOT NULL, -- user id, '' for visitors
  identity TEXT NOT NULL, -- '' for the learner's clock across all their tabs
  credited_to INTEGER NOT NULL, -- server time (ms) up to which time has been accounted for
  credit INTEGER NOT NULL DEFAULT 0, -- what the latest hit earned, read by the rest of its batch
  PRIMARY KEY (site_id, owner, identity)
) WITHOUT ROWID;
