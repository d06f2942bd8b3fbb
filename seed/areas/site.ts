// The site itself: its row, locales, interface strings, roles, and its content pages.
import { ROLE_PERMISSIONS } from '../../core/permissions.ts';
import { insert, LOCALES, readJson, row, SITE_ID, type SeedPage } from './seed-sql.ts';

/** The site, its locales, its interface strings (seed/boilerplate/) and the roles. */
export function siteSql(): string[] {
  const out: string[] = [];
  out.push(
    insert('site', 'id, nice_name, logo, default_locale, supported_locales', [
      row(SITE_ID, 'Tiles Formazione Sanitaria', 'tiles.svg', 'it-IT', JSON.stringify(LOCALES)),
    ]),
  );
  out.push(insert('locale', 'code, country_code, name', [row('it-IT', 'IT', 'Italiano'), row('en-US', 'US', 'English'), row('de-DE', 'DE', 'Deutsch')]));
  out.push(
    insert(
      'boilerplate',
      'site_id, key, locale, text',
      LOCALES.flatMap((locale) =>
        Object.entries(readJson<Record<string, string>>(`boilerplate/${locale}.json`)).map(([key, text]) => row(SITE_ID, key, locale, text)),
      ),
    ),
  );
  // Roles are configuration, not content: rewritten on every start so permission changes apply.
  const roles = [
    { id: 'learner', name: 'Discente', mode: 'user' },
    { id: 'admin', name: 'Redattore', mode: 'admin' },
    { id: 'tester', name: 'Collaudatore', mode: 'tester' },
    { id: 'staff', name: 'Segreteria', mode: 'user' },
    { id: 'auditor', name: 'Ispettore', mode: 'user' },
  ] as const;
  out.push(
    `INSERT OR REPLACE INTO role (id, name, mode, permissions) VALUES\n${roles.map((r) => row(r.id, r.name, r.mode, JSON.stringify(ROLE_PERMISSIONS[r.id]))).join(',\n')};\n`,
  );
  return out;
}

/** The content pages (seed/content/pages.json) in every locale, and the courses of each learning path. */
export function pagesSql(): string[] {
  const pages = readJson<SeedPage[]>('content/pages.json');
  const out: string[] = [];
  const now = Date.now();
  out.push(
    insert(
      'page',
      'site_id, locale, kind, slug, title, description, body, tiles, updated_at',
      pages.flatMap((p) =>
        LOCALES.map((l) =>
          row(SITE_ID, l, p.kind, p.slug, p.title[l], p.description[l], JSON.stringify(p.body[l] ?? []), p.tiles ? JSON.stringify(p.tiles[l]) : null, now),
        ),
      ),
    ),
  );
  // Learning paths list their courses, in order, the same in every locale.
  out.push(
    insert(
      'page_course',
      'site_id, slug, course_id, position',
      pages.flatMap((p) => (p.kind === 'pf' ? (p.courses ?? []).map((course, i) => row(SITE_ID, p.slug, course, i)) : [])),
    ),
  );
  return out;
}
