-- Requests sent through the support form at /{locale}/assistenza, read by editors in CMS mode.
CREATE TABLE support_request (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  user_id TEXT REFERENCES user(id), -- NULL for visitors
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  -- The error screen's reference, when the form was reached from it: status, message, page.
  error_code TEXT,
  error_message TEXT,
  error_path TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX support_request_site ON support_request(site_id, id);
