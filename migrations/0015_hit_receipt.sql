-- Hits may reach D1 through a queue, which can deliver a message more than once: each hit keeps the
-- id the API acknowledged it with (receipt), and is written only while no hit with that id is
-- stored. `batch` marks the rows one write added, so that its roll-ups count them once.
ALTER TABLE hit ADD COLUMN receipt TEXT;
ALTER TABLE hit ADD COLUMN batch INTEGER;
CREATE UNIQUE INDEX hit_receipt ON hit(site_id, receipt);
