import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

type Migrations = Parameters<typeof applyD1Migrations>[1];
const testEnv = env as unknown as { UPGRADE_DB: D1Database; TEST_MIGRATIONS: Migrations };
const db = testEnv.UPGRADE_DB;

// The last migration a deployment could have run before the table rebuilds (0026 `user`, 0027
// `media` and `session`) and the ECM registry's moves (0028).
const BEFORE = '0026';
const older = testEnv.TEST_MIGRATIONS.filter((migration) => migration.name < BEFORE);
const newer = testEnv.TEST_MIGRATIONS.filter((migration) => migration.name >= BEFORE);

const T = 1_760_000_000_000;

/** A site in use at 0025: people with records in the tables that point at `user` and `session`. */
const populated = [
  `INSERT INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES ('up', 'Upgrade', 'logo.svg', 'it-IT', '["it-IT"]')`,
  `INSERT INTO category (id, site_id, slug) VALUES ('up-cat', 'up', 'cat')`,
  `INSERT INTO badge (id, site_id, category_id, icon, rule, threshold) VALUES ('up-badge', 'up', 'up-cat', 'star', 'sessions', 1)`,
  `INSERT INTO course (id, site_id, category_id, ecm_credits) VALUES ('up-course', 'up', 'up-cat', 12)`,
  `INSERT INTO module (course_id, number) VALUES ('up-course', 1)`,
  `INSERT INTO session (course_id, module_number, number, kind, duration, media_url) VALUES
     ('up-course', 1, 1, 'video', '0h 10m 0s', '/media/lesson.mp4'), ('up-course', 1, 2, 'text', '0h 5m 0s', NULL)`,
  // A nurse with a password and her answers, a federated account never edited, staff who enrols.
  `INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, created_at, updated_at, fiscal_code, profession_id, discipline_id)
     VALUES ('u-nurse', 'up', 'NURSE', 'hash', 'Anna', 'Bianchi', 'anna@example.test', 'f', ${T}, ${T + 5}, 'BNCNNA80A41H501X', 'infermiere', 'infermiere')`,
  `INSERT INTO user (id, site_id, code, first_name, last_name, email, gender, created_at, updated_at)
     VALUES ('u-fed', 'up', 'FED', 'Marco', 'Verdi', 'marco@example.test', 'm', ${T}, ${T})`,
  `INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, gender, roles, created_at, updated_at)
     VALUES ('u-staff', 'up', 'STAFF', 'hash', 'Sara', 'Neri', 'f', '["learner","staff"]', ${T}, ${T})`,
  // One codice fiscale on several accounts (0033 makes it unique): the nurse's, on an older account
  // too, which her certificate outweighs; and one typed twice in different case, the older account keeping it.
  `INSERT INTO user (id, site_id, code, first_name, last_name, gender, created_at, updated_at, fiscal_code) VALUES
     ('u-cf-older', 'up', 'CF-OLDER', 'Anna', 'Bianchi', 'f', ${T - 10}, ${T - 10}, 'BNCNNA80A41H501X'),
     ('u-cf-first', 'up', 'CF-FIRST', 'Mario', 'Rossi', 'm', ${T + 1}, ${T + 1}, 'RSSMRA80A01H501U'),
     ('u-cf-second', 'up', 'CF-SECOND', 'Mario', 'Rossi', 'm', ${T + 2}, ${T + 2}, ' rssmra80a01h501u'),
     ('u-cf-empty', 'up', 'CF-EMPTY', 'Ada', 'Neri', 'f', ${T + 3}, ${T + 3}, '')`,
  `INSERT INTO user_federation (provider, federated_id, user_id, created_at) VALUES ('idp', 'sub-1', 'u-fed', ${T})`,
  `INSERT INTO enrolment (user_id, course_id, enrolled_at, enrolled_by, via) VALUES ('u-nurse', 'up-course', ${T}, 'u-staff', 'staff')`,
  `INSERT INTO session_progress (user_id, course_id, module_number, number, completed_at) VALUES ('u-nurse', 'up-course', 1, 1, ${T + 1})`,
  `INSERT INTO session_position (user_id, course_id, module_number, number, seconds, updated_at) VALUES ('u-nurse', 'up-course', 1, 1, 420, ${T + 1})`,
  // Ten minutes tracked before her certificate was issued, one after it.
  `INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, module_number, session_number, created_at) VALUES
     ('up', 'u-nurse', 'tab', 'ua', 'web', '/it-IT/course/up-course/1/1', 600000, 'desktop', 'up-course', 1, 1, ${T + 2}),
     ('up', 'u-nurse', 'tab', 'ua', 'web', '/it-IT/course/up-course/1/2', 60000, 'desktop', 'up-course', 1, 2, ${T + 4})`,
  `INSERT INTO user_badge (user_id, badge_id, obtained_at) VALUES ('u-nurse', 'up-badge', ${T + 1})`,
  `INSERT INTO media (key, site_id, name, type, kind, size, etag, uploaded_at, uploaded_by) VALUES ('lesson.mp4', 'up', 'lesson.mp4', 'video/mp4', 'video', 1000, 'e1', ${T}, 'u-staff')`,
  `INSERT INTO course_access (course_id, mode, updated_by, updated_at) VALUES ('up-course', 'enrolment', 'u-staff', ${T})`,
  `INSERT INTO support_request (site_id, locale, user_id, name, email, message, created_at) VALUES ('up', 'it-IT', 'u-nurse', 'Anna', 'anna@example.test', 'Aiuto', ${T})`,
  `INSERT INTO ecm_course (course_id, event_id, edition) VALUES ('up-course', '4242', 2)`,
  `INSERT INTO ecm_attempt (id, site_id, user_id, course_id, number, locale, questions, started_at, updated_at, submitted_at, correct, total, passed)
     VALUES ('a-1', 'up', 'u-nurse', 'up-course', 1, 'it-IT', '[]', ${T + 2}, ${T + 3}, ${T + 3}, 10, 10, 1)`,
  `INSERT INTO ecm_certificate (code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id,
     credits, event_id, edition, provider_id, provider_name, completed_at, issued_at)
     VALUES ('CERT-1', 'up', 'u-nurse', 'up-course', 'a-1', 'Anna', 'Bianchi', 'BNCNNA80A41H501X', 'infermiere', 'infermiere', 12, '4242', 2, '99', 'Provider', ${T + 3}, ${T + 3})`,
];

const count = async (table: string) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n;

describe('upgrading a database in use', () => {
  const before: Record<string, number | undefined> = {};
  const tables = [
    'user',
    'user_federation',
    'enrolment',
    'session',
    'session_progress',
    'session_position',
    'user_badge',
    'media',
    'course_access',
    'support_request',
    'ecm_attempt',
    'ecm_certificate',
    'person_search_row',
  ];

  beforeAll(async () => {
    await applyD1Migrations(db, older);
    await db.batch(populated.map((sql) => db.prepare(sql)));
    for (const table of tables) before[table] = await count(table);
  });

  it('applies every later migration on a site with people, progress, media and certificates, keeping each row and each reference', async () => {
    await applyD1Migrations(db, newer);

    for (const table of tables) expect([table, await count(table)]).toEqual([table, before[table]]);
    expect((await db.prepare('PRAGMA foreign_key_check').all()).results).toEqual([]);
    const applied = await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
    expect(applied.results.map((row) => row.name)).toEqual(testEnv.TEST_MIGRATIONS.map((migration) => migration.name));
  });

  it('keeps what people said and moves what the registry renamed', async () => {
    const people = await db.prepare("SELECT id, gender, profession_id, discipline_id, status FROM user WHERE id NOT LIKE 'u-cf-%' ORDER BY id").all();
    expect(people.results).toEqual([
      // The federated account's 'm' was the provider's default, nobody's answer.
      { id: 'u-fed', gender: null, profession_id: null, discipline_id: null, status: 'active' },
      { id: 'u-nurse', gender: 'f', profession_id: '14', discipline_id: '085', status: 'active' },
      { id: 'u-staff', gender: 'f', profession_id: null, discipline_id: null, status: 'active' },
    ]);
    const certificate = await db.prepare("SELECT user_id, profession_id, discipline_id, edition, credits FROM ecm_certificate WHERE code = 'CERT-1'").first();
    expect(certificate).toEqual({ user_id: 'u-nurse', profession_id: '14', discipline_id: '085', edition: 2, credits: 12 });
    // What it was issued on, recorded from the hits and completions up to its issue (0036).
    const figures = await db.prepare("SELECT tracked_ms_at_issue, completed_sessions_at_issue FROM ecm_certificate WHERE code = 'CERT-1'").first();
    expect(figures).toEqual({ tracked_ms_at_issue: 600_000, completed_sessions_at_issue: 1 });
  });

  it('leaves each codice fiscale on one account, says on which accounts it was cleared, and refuses a second holder', async () => {
    const codes = await db.prepare("SELECT id, fiscal_code FROM user WHERE fiscal_code IS NOT NULL OR id LIKE 'u-cf-%' ORDER BY id").all();
    expect(codes.results).toEqual([
      { id: 'u-cf-empty', fiscal_code: null },
      { id: 'u-cf-first', fiscal_code: 'RSSMRA80A01H501U' },
      { id: 'u-cf-older', fiscal_code: null },
      { id: 'u-cf-second', fiscal_code: null },
      { id: 'u-nurse', fiscal_code: 'BNCNNA80A41H501X' },
    ]);
    const events = await db
      .prepare("SELECT site_id, user_id, subject FROM event WHERE action = 'people' AND variant = 'fiscalcode' AND scope = 'clear' ORDER BY subject")
      .all();
    expect(events.results).toEqual([
      { site_id: 'up', user_id: null, subject: 'u-cf-older/BNCNNA80A41H501X/u-nurse' },
      { site_id: 'up', user_id: null, subject: 'u-cf-second/RSSMRA80A01H501U/u-cf-first' },
    ]);
    await expect(db.prepare("UPDATE user SET fiscal_code = 'BNCNNA80A41H501X' WHERE id = 'u-cf-older'").run()).rejects.toThrow(/UNIQUE/);
  });

  it('leaves the rebuilt tables working: their new values, their triggers and their foreign keys', async () => {
    // 0027's new kinds.
    await db.prepare("INSERT INTO session (course_id, module_number, number, kind, duration) VALUES ('up-course', 1, 3, 'scorm', '0h 20m 0s')").run();
    await db
      .prepare(
        `INSERT INTO media (key, site_id, name, type, kind, size, etag, uploaded_at) VALUES ('pack.zip', 'up', 'pack.zip', 'application/zip', 'package', 10, 'e2', ${T})`,
      )
      .run();
    expect(await db.prepare("SELECT COUNT(*) AS n FROM course_search_dirty WHERE course_id = 'up-course'").first('n')).toBeGreaterThan(0);
    // The person search follows a change of name made after the rebuild.
    await db.prepare("UPDATE user SET last_name = 'Rossini' WHERE id = 'u-nurse'").run();
    const found = await db
      .prepare("SELECT r.user_id FROM person_search s JOIN person_search_row r ON r.id = s.rowid WHERE person_search MATCH 'rossini'")
      .all<{ user_id: string }>();
    expect(found.results).toEqual([{ user_id: 'u-nurse' }]);
    // Foreign keys still point at the rebuilt tables: a position for a session that is not there is refused.
    await expect(
      db
        .prepare(`INSERT INTO session_position (user_id, course_id, module_number, number, seconds, updated_at) VALUES ('u-nurse', 'up-course', 1, 9, 1, ${T})`)
        .run(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await expect(
      db.prepare(`INSERT INTO enrolment (user_id, course_id, enrolled_at, via) VALUES ('nobody', 'up-course', ${T}, 'staff')`).run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
