import { env } from 'cloudflare:workers';
import { checkCharacter } from '../../../core/fiscal-code.ts';
import { hashPassword } from '../../../functions/auth/password.ts';
import { SITE } from '../fixtures.ts';
import italian from '../../../seed/boilerplate/it-IT.json';

/** ECM set-up for the API tests: the fixtures' 'triage' course (6 credits) becomes an ECM event. */
export const FIXED_COURSE = 'triage'; // 6 credits: 18 questions, 'fixed' mode
export const DRAW_COURSE = 'ecm-draw'; // 1 credit: 3 questions drawn from a bank of 6
export const PLAIN_COURSE = 'no-ecm';
export const VALID_CF = 'BNCGLI88C52F205X';
/** A codice fiscale from its first fifteen characters: a fixture learner's own, as each account's must be (0033). */
export const fiscalCode = (first15: string): string => `${first15}${checkCharacter(first15)}`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The fixtures' editions: the one open today (number 2 of the fixed course) and, for it, one that ended. */
export const OPEN_EDITION = { number: 2, startsOn: day(-20), endsOn: day(20) };
export const PAST_EDITION = { number: 1, startsOn: day(-200), endsOn: day(-100) };

export const ecmUser = (n: number) => ({ id: `u-ecm-${n}`, code: `ecm.learner${n}`, password: `Ecm-Learner-${n}-2026!` });
export const ECM_EDITOR = { id: 'u-ecm-editor', code: 'ecm.editor', password: 'Ecm-Editor-2026!' };

export function bank(size: number, prefix = 'q') {
  return Array.from({ length: size }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    text: `Domanda ${i + 1}: quale risposta è giusta?`,
    options: [`Risposta A${i + 1}`, `Risposta B${i + 1}`, `Risposta C${i + 1}`, `Risposta D${i + 1}`],
    correct: i % 4,
    // The fixtures' triage sessions in turn: 1.1, 1.2, 2.1.
    session: ['1.1', '1.2', '2.1'][i % 3],
  }));
}

export async function seedEcm(): Promise<void> {
  const now = Date.now();
  const hash = (password: string) => hashPassword(password, env.PASSWORD_PEPPER, 1000);
  const users = [...Array.from({ length: 14 }, (_, i) => ecmUser(i + 1)), ECM_EDITOR];
  const pdfStrings = Object.entries(italian as Record<string, string>).filter(([key]) => key.startsWith('ecmPdf.'));
  const statements = [
    ...pdfStrings.map(([key, text]) => env.DB.prepare('INSERT OR IGNORE INTO boilerplate VALUES (?, ?, ?, ?)').bind(SITE, key, 'it-IT', text)),
    env.DB.prepare(
      "INSERT OR IGNORE INTO ecm_site (site_id, provider_id, provider_name, accreditation_code, legal_representative, min_time_share) VALUES (?, '1234', 'Tiles Formazione Sanitaria Srl', '000', 'Maria Colombo', NULL)",
    ).bind(SITE),
    env.DB.prepare("INSERT OR IGNORE INTO ecm_course (course_id, event_id, mode) VALUES ('triage', '1234-5678', 'fixed')"),
    env.DB.prepare(
      "INSERT OR IGNORE INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('ecm-draw', ?, 'cat-rischio', 1, 5), ('no-ecm', ?, 'cat-rischio', NULL, 6)",
    ).bind(SITE, SITE),
    env.DB.prepare(
      "INSERT OR IGNORE INTO course_text VALUES ('ecm-draw', 'it-IT', 'Corso a estrazione', 'Riassunto.', 'Descrizione.'), ('no-ecm', 'it-IT', 'Senza crediti', 'Riassunto.', 'Descrizione.')",
    ),
    env.DB.prepare("INSERT OR IGNORE INTO module (course_id, number) VALUES ('ecm-draw', 1), ('no-ecm', 1)"),
    env.DB.prepare(
      "INSERT OR IGNORE INTO session (course_id, module_number, number, kind, duration, media_url) VALUES ('ecm-draw', 1, 1, 'text', '0h 20m 0s', NULL), ('no-ecm', 1, 1, 'text', '0h 10m 0s', NULL)",
    ),
    env.DB.prepare("INSERT OR IGNORE INTO ecm_course (course_id, event_id, mode) VALUES ('ecm-draw', '1234-9999', 'draw')"),
    // Triage: edition 1 ended, edition 2 open today, accredited for cardiology (003) and nursing (085).
    ...[PAST_EDITION, OPEN_EDITION].map((edition) =>
      env.DB.prepare("INSERT OR IGNORE INTO ecm_edition VALUES ('triage', ?, ?, ?, 6, 60, 18, 1, 'E', NULL)").bind(
        edition.number,
        edition.startsOn,
        edition.endsOn,
      ),
    ),
    env.DB.prepare("INSERT OR IGNORE INTO ecm_edition_discipline VALUES ('triage', 1, '003'), ('triage', 2, '003'), ('triage', 2, '085')"),
    env.DB.prepare("INSERT OR IGNORE INTO ecm_edition VALUES ('ecm-draw', 1, ?, ?, 1, 10, 6, 1, 'E', NULL)").bind(OPEN_EDITION.startsOn, OPEN_EDITION.endsOn),
    env.DB.prepare("INSERT OR IGNORE INTO ecm_edition_discipline SELECT 'ecm-draw', 1, id FROM ecm_discipline"),
    env.DB.prepare('INSERT OR IGNORE INTO ecm_bank VALUES (?, ?, ?, ?)').bind(FIXED_COURSE, 'it-IT', JSON.stringify(bank(18)), now),
    env.DB.prepare('INSERT OR IGNORE INTO ecm_bank VALUES (?, ?, ?, ?)').bind(FIXED_COURSE, 'en-US', JSON.stringify(bank(18, 'e')), now),
    env.DB.prepare('INSERT OR IGNORE INTO ecm_bank VALUES (?, ?, ?, ?)').bind(DRAW_COURSE, 'it-IT', JSON.stringify(bank(6)), now),
    ...(await Promise.all(
      users.map(async (user, i) =>
        env.DB.prepare(
          "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Bianchi', NULL, 'f', 'it-IT', ?, ?, ?)",
        ).bind(
          user.id,
          SITE,
          user.code,
          await hash(user.password),
          user === ECM_EDITOR ? 'Elena' : `Giulia${i + 1}`,
          JSON.stringify([user === ECM_EDITOR ? 'admin' : 'learner']),
          now,
          now,
        ),
      ),
    )),
  ];
  await env.DB.batch(statements);
}

/** Marks every session of a course complete for a learner, as the player would have. */
export async function completeCourse(userId: string, courseId: string): Promise<void> {
  await env.DB.prepare('INSERT OR IGNORE INTO session_progress SELECT ?, course_id, module_number, number, ? FROM session WHERE course_id = ?')
    .bind(userId, Date.now(), courseId)
    .run();
}

/** The correct option of every question of an attempt, read where only the server can read it. */
export async function correctAnswers(attemptId: string): Promise<Record<string, string>> {
  const row = await env.DB.prepare('SELECT questions FROM ecm_attempt WHERE id = ?').bind(attemptId).first<{ questions: string }>();
  const questions = JSON.parse(row?.questions ?? '[]') as { id: string; correct: string; options: { id: string }[] }[];
  return Object.fromEntries(questions.map((question) => [question.id, question.correct]));
}

/** Answers with `right` correct answers and the rest wrong. */
export async function answersWith(attemptId: string, right: number): Promise<Record<string, string>> {
  const row = await env.DB.prepare('SELECT questions FROM ecm_attempt WHERE id = ?').bind(attemptId).first<{ questions: string }>();
  const questions = JSON.parse(row?.questions ?? '[]') as { id: string; correct: string; options: { id: string }[] }[];
  return Object.fromEntries(
    questions.map((question, i) => [question.id, i < right ? question.correct : (question.options.find((option) => option.id !== question.correct)?.id ?? '')]),
  );
}
