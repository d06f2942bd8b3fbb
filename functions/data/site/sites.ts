import type { D1Database } from '@cloudflare/workers-types';
import type { BoilerplateEntry, Locale, Site } from '../../../core/contracts/site.ts';

export type { BoilerplateEntry, Locale, Site };

export async function findSite(db: D1Database, siteId: string): Promise<Site | null> {
  const row = await db
    .prepare('SELECT id, nice_name, logo, default_locale, supported_locales FROM site WHERE id = ?')
    .bind(siteId)
    .first<{ id: string; nice_name: string; logo: string; default_locale: string; supported_locales: string }>();
  if (!row) return null;
  return {
    _id: row.id,
    niceName: row.nice_name,
    logo: row.logo,
    defaultLocale: row.default_locale,
    supportedLocale: JSON.parse(row.supported_locales) as string[],
  };
}

/** Whether a site of this id exists: one primary-key lookup, no row read. */
export async function siteExists(db: D1Database, siteId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS found FROM site WHERE id = ?').bind(siteId).first<{ found: number }>()) !== null;
}

export async function findLocales(db: D1Database, codes: string[]): Promise<Locale[]> {
  if (codes.length === 0) return [];
  const placeholders = codes.map(() => '?').join(', ');
  const { results } = await db
    .prepare(`SELECT code, name, country_code FROM locale WHERE code IN (${placeholders})`)
    .bind(...codes)
    .all<{ code: string; name: string; country_code: string }>();
  const byCode = new Map(results.map((row) => [row.code, { code: row.code, name: row.name, country: { code: row.country_code } }]));
  // Keep the order asked for: the site's default locale first.
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

export async function findBoilerplate(db: D1Database, siteId: string): Promise<BoilerplateEntry[]> {
  const { results } = await db
    .prepare('SELECT key, locale, text FROM boilerplate WHERE site_id = ? ORDER BY key, locale')
    .bind(siteId)
    .all<{ key: string; locale: string; text: string }>();
  const entries = new Map<string, BoilerplateEntry>();
  for (const row of results) {
    const entry = entries.get(row.key) ?? { key: row.key, translations: {} };
    entry.translations[row.locale] = row.text;
    entries.set(row.key, entry);
  }
  return [...entries.values()];
}

/** The interface strings of one locale, as a key -> text map. */
export async function findStrings(db: D1Database, siteId: string, locale: string): Promise<Record<string, string>> {
  const { results } = await db
    .prepare('SELECT key, text FROM boilerplate WHERE site_id = ? AND locale = ?')
    .bind(siteId, locale)
    .all<{ key: string; text: string }>();
  return Object.fromEntries(results.map((row) => [row.key, row.text]));
}

/** The counter that moves with every change to the strings, the sites or the locales (migration 0031), as an SQL expression other reads may carry. */
export const CONTENT_VERSION = '(SELECT version FROM content_version WHERE id = 1)';

export async function findContentVersion(db: D1Database): Promise<number> {
  return (await db.prepare(`SELECT ${CONTENT_VERSION} AS version`).first<number | null>('version')) ?? 0;
}
