-- Hits may reach D1 through a queue, which can deliver a message more than once: each hit keeps the
-- id the API acknowledged it with, and is written only while no hit with that id is stored.
ALTER TABLE hit ADD COLUMN receipt TEXT;
CREATE UNIQUE INDEX hit_receipt ON hit(site_id, receipt);
