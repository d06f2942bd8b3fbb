-- All-time learning time per learner, kept with every hit, so the total never scans history.
CREATE TABLE stats_total (
  site_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  ms INTEGER NOT NULL,
  PRIMARY KEY (site_id, user_id)
);

INSERT INTO stats_total (site_id, user_id, ms)
SELECT site_id, user_id, SUM(ms) FROM stats_hourly GROUP BY site_id, user_id;
