-- Which publish request put a text live (and which text it replaced), so that a request whose
-- build fails can be rolled back: visitors then see one and the same version on static and
-- on-demand pages (functions/data/cms.ts, rollBackPublish). NULL for versions of earlier publishes.
ALTER TABLE cms_version ADD COLUMN request_id INTEGER REFERENCES build_request(id);
CREATE INDEX cms_version_request ON cms_version(request_id) WHERE request_id IS NOT NULL;
