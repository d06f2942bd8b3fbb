import { env } from 'cloudflare:workers';
import { SERVER_EVENT_NAMESPACES } from '../../../core/client-event.ts';
import { newSignedInLearner, SITE } from '../fixtures.ts';

// Filling a learner into every table that can name them, and reading every table for them
// afterwards: the owner's deletion (account-erasure.test.ts) and staff's (people/person-deletion.test.ts) share it.

export async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  return results.map((row) => row.name);
}

export async function columnsOf(table: string): Promise<{ name: string; references: string | null }[]> {
  const { results: columns } = await env.DB.prepare('SELECT name FROM pragma_table_info(?)').bind(table).all<{ name: string }>();
  const { results: keys } = await env.DB.prepare('SELECT "from" AS name, "table" AS target FROM pragma_foreign_key_list(?)').bind(table).all<{
    name: string;
    target: string;
  }>();
  return columns.map((column) => ({ name: column.name, references: keys.find((key) => key.name === column.name)?.target ?? null }));
}

/** A learner with a row in every kind of table that can name a person, found by id, code, address (in another case), names or fiscal code. */
export async function learnerEverywhere(prefix = 'erasure') {
  const learner = await newSignedInLearner(prefix);
  const id = learner.id;
  const code = `api.${prefix}.${id.split('-').at(-1)}`;
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
export async function rowsNaming(table: string, needles: string[]): Promise<Record<string, unknown>[]> {
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

/**
 * Every table (of those `tables()` listed before the deletion) that still names the learner,
 * with its rows, apart from what deletion keeps: the registry's records, the server's audit
 * events without the browser's user agent, and the tombstone itself.
 */
export async function leftNaming(learner: { id: string; needles: string[] }, all: string[]): Promise<Record<string, Record<string, unknown>[]>> {
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
  return left;
}
