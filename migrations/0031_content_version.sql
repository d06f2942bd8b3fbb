-- A counter that moves whenever what every page shows changes: the interface strings
-- (boilerplate), a site's settings or the locales. A Worker keeps a site's page context (site,
-- locales, strings: about a thousand rows per locale) in memory and reads only this one row per
-- page to know whether it is still current (src/server/page-context.ts).
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 1);

CREATE TRIGGER content_version_boilerplate_insert AFTER INSERT ON boilerplate BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_boilerplate_update AFTER UPDATE ON boilerplate BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_boilerplate_delete AFTER DELETE ON boilerplate BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_site_insert AFTER INSERT ON site BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_site_update AFTER UPDATE ON site BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_site_delete AFTER DELETE ON site BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_locale_insert AFTER INSERT ON locale BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_locale_update AFTER UPDATE ON locale BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER content_version_locale_delete AFTER DELETE ON locale BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
