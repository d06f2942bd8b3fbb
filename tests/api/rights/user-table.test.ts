import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

// Migration 0026 rebuilt `user` (gender may be NULL, status 'deleted'): everything that hung on
// the old table must hang on the new one.
describe('the user table after migration 0026', () => {
  it('keeps its indexes, its full-text triggers and every foreign key pointing at it', async () => {
    const { results } = await env.DB.prepare(
      "SELECT type, name FROM sqlite_master WHERE tbl_name = 'user' AND type IN ('index', 'trigger') ORDER BY name",
    ).all();
    expect(results).toEqual(
      expect.arrayContaining([
        { type: 'index', name: 'user_email' },
        { type: 'index', name: 'user_site_name' },
        { type: 'index', name: 'user_site_status_name' },
        { type: 'index', name: 'user_fiscal_code' },
        { type: 'trigger', name: 'person_search_delete' },
        { type: 'trigger', name: 'person_search_insert' },
        { type: 'trigger', name: 'person_search_update' },
      ]),
    );
    const referring = [
      'user_federation',
      'auth_token',
      'session_progress',
      'user_badge',
      'user_level',
      'ecm_attempt',
      'ecm_certificate',
      'enrolment',
      'support_reply',
    ];
    for (const table of referring) {
      const { results: keys } = await env.DB.prepare(`SELECT "table" FROM pragma_foreign_key_list('${table}')`).all<{ table: string }>();
      expect(
        keys.map((key) => key.table),
        table,
      ).toContain('user');
    }
    const { results: broken } = await env.DB.prepare('PRAGMA foreign_key_check').all();
    expect(broken).toEqual([]);
  });

  it('accepts an account without gender, refuses an unknown gender', async () => {
    const insert = (id: string, gender: string | null) =>
      env.DB.prepare(
        "INSERT INTO user (id, site_id, code, first_name, last_name, gender, created_at, updated_at) VALUES (?, 'tiles-demo', ?, 'A', 'B', ?, 0, 0)",
      ).bind(id, id, gender);
    await env.DB.prepare(
      "INSERT OR IGNORE INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES ('tiles-demo', 'T', 't.svg', 'it-IT', '[]')",
    ).run();
    await insert('u-no-gender', null).run();
    expect(await env.DB.prepare("SELECT gender FROM user WHERE id = 'u-no-gender'").first()).toEqual({ gender: null });
    await expect(insert('u-bad-gender', 'x').run()).rejects.toThrow(/CHECK/);
    // The full-text trigger still follows new rows.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM person_search_row WHERE user_id = 'u-no-gender'").first()).toEqual({ n: 1 });
  });
});
