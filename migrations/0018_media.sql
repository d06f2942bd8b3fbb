-- The media library: every course medium editors uploaded (or the demo seed put) in the MEDIA
-- bucket, served at /media/{key}. The bytes live in R2 only; these rows say what they are.
CREATE TABLE media (
  key TEXT PRIMARY KEY, -- the R2 object's key: one bucket per deployment, one row per object
  site_id TEXT NOT NULL REFERENCES site(id),
  name TEXT NOT NULL, -- the file's name on the editor's computer
  type TEXT NOT NULL, -- what its bytes are (core/media/kinds.ts), never what its name said
  kind TEXT NOT NULL CHECK (kind IN ('video', 'document', 'captions', 'image')),
  size INTEGER NOT NULL,
  duration_seconds REAL, -- a video's, read from the file (MP4 mvhd, WebM Segment Info)
  width INTEGER, -- an image's
  height INTEGER,
  etag TEXT NOT NULL, -- R2's, of the bytes now stored
  uploaded_at INTEGER NOT NULL,
  uploaded_by TEXT REFERENCES user(id), -- NULL: put by the demo seed
  replaced_at INTEGER -- the last time new bytes took this address
);
CREATE INDEX media_site ON media(site_id, uploaded_at);

-- Uploads under way, in parts (R2 multipart): what a dropped connection needs to resume. A part
-- is listed once R2 has it; the browser re-sends only the parts missing here.
CREATE TABLE media_upload (
  id TEXT PRIMARY KEY, -- random, the browser's handle
  site_id TEXT NOT NULL REFERENCES site(id),
  r2_key TEXT NOT NULL, -- where the parts go: the new file's key, or a staging key for a replacement
  r2_upload_id TEXT NOT NULL,
  target_key TEXT NOT NULL, -- the address the file takes once checked
  replaces INTEGER NOT NULL DEFAULT 0, -- 1: new bytes for target_key, which stays as it is until they pass
  name TEXT NOT NULL,
  type TEXT NOT NULL, -- as declared; the bytes must agree
  size INTEGER NOT NULL, -- as declared; what arrives must be exactly this
  fingerprint TEXT NOT NULL DEFAULT '', -- how the browser knows its file again (its last change), to resume it after a reload
  part_size INTEGER NOT NULL,
  started_by TEXT NOT NULL REFERENCES user(id),
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL, -- the last part received: the hourly cron aborts uploads idle for a day
  completing_at INTEGER -- set while one request checks and completes it, so no other does
);
CREATE INDEX media_upload_site ON media_upload(site_id, started_by);
CREATE INDEX media_upload_idle ON media_upload(updated_at);

CREATE TABLE media_upload_part (
  upload_id TEXT NOT NULL REFERENCES media_upload(id) ON DELETE CASCADE,
  number INTEGER NOT NULL, -- from 1
  size INTEGER NOT NULL,
  etag TEXT NOT NULL, -- R2's, needed to complete the upload
  received_at INTEGER NOT NULL,
  PRIMARY KEY (upload_id, number)
);
