import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENT_NAMESPACES } from '../../../core/client-event.ts';
import { recordHits } from '../../../functions/data/hits/hits.ts';
import { call, newSignedInLearner, seedFixtures, SITE } from '../fixtures.ts';

beforeAll(seedFixtures);

const PASSWORD = 'Api-Learner-2026!';

/**
 * Every column that names a person (a reference to `user`, or a name, address, code or owner
 * column), with what deleting the account does to it (functions/rights/README.md says why). A
 * table added later with such a column fails the first test until it is decided here and, if it
 * is erased, in functions/data/rights/account-deletion.ts.
 */
const DECIDED: Record<string, 'erased' | 'cleared' | 'kept for the registry' | 'audit' | 'written by staff'> = {
  'user.email': 'cleared',
  'user.first_name': 'cleared',
  'user.last_name': 'cleared',
  'user.phone': 'cleared',
  'user.fiscal_code': 'cleared',
  'auth_token.user_id': 'erased',
  'email_outbox.recipient': 'erased',
  'enrolment.user_id': 'erased',
  'hit.user_id': 'erased',
  'hit_clock.owner': 'erased',
  'invitation.user_id': 'erased',
  'password_reset.user_id': 'erased',
  'person_search_row.user_id': 'erased',
  'registration_confirmation.user_id': 'erased',
  'registration_confirmation.first_name': 'erased',
  'registration_confirmation.last_name': 'erased',
  'email_change.user_id': 'erased',
  'email_change.email': 'erased',
  'scorm_state.user_id': 'erased',
  'session_position.user_id': 'erased',
  'session_progress.user_id': 'erased',
  'session_watch.user_id': 'erased',
  'stats_hourly.user_id': 'erased',
  'stats_total.user_id': 'erased',
  'support_request.user_id': 'erased',
  'support_request.email': 'erased',
  'support_request.name': 'erased',
  'user_badge.user_id': 'erased',
  'user_federation.user_id': 'erased',
  'user_level.user_id': 'erased',
  'ecm_attempt.user_id': 'kept for the registry',
  'ecm_certificate.user_id': 'kept for the registry',
  'ecm_certificate.first_name': 'kept for the registry',
  'ecm_certificate.last_name': 'kept for the registry',
  'ecm_certificate.fiscal_code': 'kept for the registry',
  'ecm_recruit.fiscal_code': 'kept for the registry',
  'ecm_satisfaction_done.user_id': 'kept for the registry',
  'event.user_id': 'audit',
  'build_request.requested_by': 'written by staff',
  'cms_draft.author_id': 'written by staff',
  'cms_version.author_id': 'written by staff',
  'course_access.updated_by': 'written by staff',
  'enrolment.enrolled_by': 'written by staff',
  'media.uploaded_by': 'written by staff',
  'media_upload.started_by': 'written by staff',
  'support_reply.user_id': 'written by staff',
};

const PERSON_COLUMNS = new Set(['user_id', 'owner', 'recipient', 'email', 'fiscal_code', 'first_name', 'last_name', 'phone', 'author_id']);

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  return results.map((row) => row.name);
}

async function columnsOf(table: string): Promise<{ name: string; references: string | null }[]> {
  const { results: columns } = await env.DB.prepare('SELECT name FROM pragma_table_info(?)').bind(table).all<{ name: string }>();
  const { results: keys } = await env.DB.prepare('SELECT "from" AS name, "table" AS target FROM pragma_foreign_key_list(?)').bind(table).all<{
    name: string;
    target: string;
  }>();
  return columns.map((column) => ({ name: column.name, references: keys.find((key) => key.name === column.name)?.target ?? null }));
}

/** A learner with a row in every kind of table that can name a person, found by id, code, address (in another case), names or fiscal code. */
async function learnerEverywhere() {
  const learner = await newSignedInLearner('erasure');
  const id = learner.id;
  const code = `api.erasure.${id.split('-').at(-1)}`;
  const email = `Erasure.${id}@Example.it`;
  const lastName = `Zanardelli${id.split('-').at(-1)}x`;
  const phone = `+39 333 0${Date.now() % 1_000_000}`;
  const fiscalCode = 'ZNRRSR80A41H501Q';
  const now = Date.now();
  const attempt = `attempt-of-${id}`;
  const needles = [id, code, email, lastName, phone, fiscalCode];
  const other = await newSignedInLearner('bystander');
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE user SET email = ?, last_name = ?, phone = ?, fiscal_code = ?, employment = 'D', profession_id = '1', discipline_id = '1', privacy_version = '2026-01', privacy_accepted_at = ? WHERE id = ?",
    ).bind(email, lastName, phone, fiscalCode, now, id),
    env.DB.prepare("INSERT INTO user_federation VALUES ('google', ?, ?, ?)").bind(`google-${id}`, id, now),
    env.DB.prepare('INSERT INTO password_reset (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(
      `reset-${id}`,
      id,
      SITE,
      now,
      now + 3_600_000,
    ),
    env.DB.prepare(
      'INSERT INTO registration_confirmation (token_hash, user_id, site_id, password_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).bind(`confirm-${id}`, id, SITE, 'hash', now, now + 3_600_000),
    env.DB.prepare('INSERT INTO email_change (token_hash, user_id, site_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
      `address-${id}`,
      id,
      SITE,
      `nuovo.${id}@example.it`,
      now,
      now + 3_600_000,
    ),
    env.DB.prepare('INSERT INTO invitation (token_hash, user_id, site_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(
      `invite-${id}`,
      id,
      SITE,
      now,
      now + 3_600_000,
    ),
    env.DB.prepare(
      "INSERT INTO password_attempt (id, site_id, scope, key, at) VALUES (?, ?, 'change', ?, ?), (?, ?, 'reset-account', ?, ?), (?, ?, 'register-mail', ?, ?)",
    ).bind(`pa1-${id}`, SITE, id, now, `pa2-${id}`, SITE, id, now, `pa3-${id}`, SITE, email.toLowerCase(), now),
    env.DB.prepare("INSERT INTO sign_in_throttle VALUES ('account', ?, 2, ?, NULL), ('account', ?, 1, ?, NULL)").bind(
      `${SITE}/${code}`,
      now,
      `${SITE}/${email.toLowerCase()}`,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO email_outbox (id, site_id, recipient, locale, template, origin, payload, status, next_attempt_at, created_at) VALUES (?, ?, ?, 'it-IT', 'password-reset', 'http://localhost', 'sealed', 'pending', ?, ?), (?, ?, ?, 'it-IT', 'support-reply', 'http://localhost', NULL, 'sent', ?, ?)",
    ).bind(`mail1-${id}`, SITE, email.toUpperCase(), now, now, `mail2-${id}`, SITE, email.toLowerCase(), now, now),
    env.DB.prepare("INSERT INTO enrolment (user_id, course_id, enrolled_at, via) VALUES (?, 'triage', ?, 'key')").bind(id, now),
    env.DB.prepare("INSERT INTO session_progress VALUES (?, 'triage', 1, 1, ?)").bind(id, now),
    env.DB.prepare("INSERT INTO session_position VALUES (?, 'triage', 1, 2, 95, ?)").bind(id, now),
    env.DB.prepare("INSERT INTO session_watch VALUES (?, 'triage', 1, 2, 90, 95, ?)").bind(id, now),
    env.DB.prepare(
      `INSERT INTO scorm_state (user_id, course_id, module_number, number, item, version, completion, success, score_scaled, location, suspend_data, package_seconds, cmi, updated_at)
       VALUES (?, 'triage', 2, 1, 'sco-1', '1.2', 'incomplete', 'unknown', NULL, 'page-2', 'x', 300, ?, ?)`,
    ).bind(id, JSON.stringify({ core: { student_name: `${lastName}, Prova`, student_id: code } }), now),
    env.DB.prepare("INSERT INTO user_badge VALUES (?, 'prima-sessione', ?, 1, 1)").bind(id, now),
    env.DB.prepare("INSERT INTO user_level VALUES (?, 'cat-rischio', 2, 50, ?)").bind(id, now),
    env.DB.prepare(
      "INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, created_at) VALUES (?, ?, 'tab-erasure', 'vitest', 'web', '/it-IT/course/triage', 60000, 'desktop', 'triage', ?)",
    ).bind(SITE, id, now),
    env.DB.prepare("INSERT INTO hit_clock (site_id, owner, identity, credited_to) VALUES (?, ?, '', ?), (?, ?, 'tab-erasure', ?)").bind(
      SITE,
      id,
      now,
      SITE,
      id,
      now,
    ),
    env.DB.prepare("INSERT INTO stats_hourly VALUES (?, ?, '2026-11-27', 10, 'desktop', 'cat-rischio', 60000)").bind(SITE, id),
    env.DB.prepare('INSERT INTO stats_total VALUES (?, ?, 60000)').bind(SITE, id),
    // A support request sent signed in, and one sent signed out from the same address in another case, each with a reply.
    env.DB.prepare(
      "INSERT INTO support_request (site_id, locale, user_id, name, email, message, created_at, status) VALUES (?, 'it-IT', ?, ?, ?, 'Il video non parte.', ?, 'answered')",
    ).bind(SITE, id, `Prova ${lastName}`, email, now),
    env.DB.prepare("INSERT INTO support_reply (request_id, user_id, message, created_at) VALUES (last_insert_rowid(), 'u-api-editor', 'Riprova ora.', ?)").bind(
      now,
    ),
    env.DB.prepare(
      "INSERT INTO support_request (site_id, locale, user_id, name, email, message, created_at, status, unchecked_from) VALUES (?, 'it-IT', NULL, ?, ?, 'Non riesco ad accedere.', ?, 'answered', 'hashed-sender')",
    ).bind(SITE, `P. ${lastName}`, email.toUpperCase(), now),
    env.DB.prepare("INSERT INTO support_reply (request_id, user_id, message, created_at) VALUES (last_insert_rowid(), 'u-api-editor', ?, ?)").bind(
      `Gentile ${lastName}, prova a reimpostare la password.`,
      now,
    ),
    // Another person's request, signed out from another address: it stays.
    env.DB.prepare(
      "INSERT INTO support_request (site_id, locale, user_id, name, email, message, created_at) VALUES (?, 'it-IT', NULL, 'Anna Verdi', 'anna.verdi@example.it', ?, ?)",
    ).bind(SITE, `Bystander of ${other.id}`, now),
    // What the browser sent (free text, its user agent), besides the server's audit events of the sign-in.
    env.DB.prepare(
      "INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, 'Mozilla/5.0 (Erasure)', 'web', 'event', 'video', 'play', NULL, ?, ?)",
    ).bind(SITE, id, JSON.stringify({ note: lastName }), now),
    env.DB.prepare(
      "INSERT INTO event (site_id, user_id, ua, origin, type, action, variant, scope, subject, created_at) VALUES (?, ?, 'Mozilla/5.0 (Erasure)', 'web', 'event', 'cms', 'mode', 'user', NULL, ?)",
    ).bind(SITE, id, now),
    env.DB.prepare(
      "INSERT INTO ecm_attempt (id, site_id, user_id, course_id, number, locale, questions, started_at, updated_at, submitted_at, correct, total, passed) VALUES (?, ?, ?, 'triage', 1, 'it-IT', '[]', ?, ?, ?, 17, 18, 1)",
    ).bind(attempt, SITE, id, now, now, now),
    env.DB.prepare(
      `INSERT INTO ecm_certificate (code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id, credits, event_id,
         edition, provider_id, provider_name, completed_at, issued_at) VALUES (?, ?, ?, 'triage', ?, 'Prova', ?, ?, '1', '1', 6, '1234', 1, '99', 'Provider', ?, ?)`,
    ).bind(`CERT-${id}`.toUpperCase(), SITE, id, attempt, lastName, fiscalCode, now, now),
    env.DB.prepare("INSERT INTO ecm_satisfaction_done VALUES (?, 'triage')").bind(id),
  ]);
  return { ...learner, code, email, lastName, needles, other };
}

/** The rows of a table where any column holds any of the needles, in any case (one query per column: SQLite caps an expression's depth). */
async function rowsNaming(table: string, needles: string[]): Promise<Record<string, unknown>[]> {
  const found = new Map<string, Record<string, unknown>>();
  for (const column of await columnsOf(table)) {
    const any = needles.map((_, i) => `instr(lower(CAST("${column.name}" AS TEXT)), ?${i + 1}) > 0`).join(' OR ');
    const { results } = await env.DB.prepare(`SELECT * FROM "${table}" WHERE ${any}`)
      .bind(...needles.map((needle) => needle.toLowerCase()))
      .all<Record<string, unknown>>();
    for (const row of results) found.set(JSON.stringify(row), row);
  }
  return [...found.values()];
}

describe('deleting an account leaves nothing personal outside what the registry requires', () => {
  it('has decided, for every column of every table that can name a person, what deletion does to it', async () => {
    const undecided: string[] = [];
    for (const table of await tables()) {
      for (const column of await columnsOf(table)) {
        const names = column.references === 'user' || PERSON_COLUMNS.has(column.name) || column.name.endsWith('_by');
        if (names && !DECIDED[`${table}.${column.name}`]) undecided.push(`${table}.${column.name}`);
      }
    }
    expect(undecided).toEqual([]);
  });

  it('reads every table for the deleted id, code, address, name, phone and fiscal code: only the registry, the audit trail and the tombstone remain', async () => {
    const learner = await learnerEverywhere();
    const all = await tables();
    // Before, the person is found in every kind of table the test filled: the search reaches them.
    const before = new Set<string>();
    for (const table of all) if ((await rowsNaming(table, learner.needles)).length) before.add(table);
    expect([...before]).toEqual(
      expect.arrayContaining([
        'user',
        'auth_token',
        'email_outbox',
        'support_request',
        'support_reply',
        'scorm_state',
        'sign_in_throttle',
        'password_attempt',
        'event',
      ]),
    );

    const deleted = await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: PASSWORD } });
    expect(deleted.status).toBe(200);
    // A hit the API accepted before the deletion, written by the queue's consumer after it, writes nothing.
    const late = { receipt: `late-${learner.id}`, siteId: SITE, userId: learner.id, identity: 'tab-erasure', ua: 'vitest', origin: 'web' };
    await recordHits(env.DB, [
      { ...late, path: '/it-IT/course/triage', claimedMs: 30_000, device: 'desktop', course: 'triage', module: 1, session: 1, at: Date.now() },
    ]);

    const left: Record<string, Record<string, unknown>[]> = {};
    for (const table of all) {
      const rows = (await rowsNaming(table, learner.needles)).filter((row) => {
        if (['ecm_certificate', 'ecm_attempt', 'ecm_satisfaction_done', 'ecm_recruit'].includes(table)) return false;
        // The audit trail: the server's own events, without the browser's user agent.
        if (table === 'event') return !(SERVER_EVENT_NAMESPACES.includes(String(row.action)) && ['server', ''].includes(String(row.ua)));
        if (table === 'user') return row.id !== learner.id;
        return true;
      });
      if (rows.length) left[table] = rows;
    }
    expect(left).toEqual({});

    // The tombstone names no one: only its id, in its code.
    const tombstone = await env.DB.prepare('SELECT * FROM user WHERE id = ?').bind(learner.id).first<Record<string, unknown>>();
    expect(tombstone).toMatchObject({
      code: `deleted-${learner.id}`,
      status: 'deleted',
      first_name: '',
      last_name: '',
      email: null,
      phone: null,
      employment: null,
    });
    // The browser's events went; the audit events stayed, the mode switch without the user agent.
    const events = await env.DB.prepare('SELECT action, ua FROM event WHERE user_id = ? ORDER BY id').bind(learner.id).all<{ action: string; ua: string }>();
    expect(events.results.map((event) => event.action)).not.toContain('video');
    expect(events.results).toEqual(
      expect.arrayContaining([
        { action: 'auth', ua: 'server' },
        { action: 'cms', ua: '' },
      ]),
    );
    // What the registry needs stays, as issued.
    expect(await env.DB.prepare('SELECT last_name FROM ecm_certificate WHERE user_id = ?').bind(learner.id).first()).toEqual({ last_name: learner.lastName });
    // Another person's request, and the other learner, are untouched.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM support_request WHERE email = 'anna.verdi@example.it'").first()).toEqual({ n: 1 });
    expect((await call('/api/auth/user', { cookie: learner.other.cookie })).status).toBe(200);
  });

  it('does not delete when the address changed between the confirmation and the batch', async () => {
    const learner = await newSignedInLearner('moved');
    await env.DB.prepare('UPDATE user SET email = ? WHERE id = ?').bind(`${learner.id}@example.it`, learner.id).run();
    const { deleteAccount } = await import('../../../functions/data/rights/account-deletion.ts');
    const { passwordHash } = (await env.DB.prepare('SELECT password_hash AS passwordHash FROM user WHERE id = ?')
      .bind(learner.id)
      .first<{ passwordHash: string }>()) ?? {
      passwordHash: '',
    };
    const stale = { siteId: SITE, userId: learner.id, code: 'x', email: 'before@example.it', passwordHash, now: Date.now() };
    expect(await deleteAccount(env.DB, stale)).toBe(false);
    expect(await env.DB.prepare('SELECT status FROM user WHERE id = ?').bind(learner.id).first()).toEqual({ status: 'active' });
  });
});
