import { env } from 'cloudflare:workers';
import { handleApi } from '../../functions/app.ts';
import { hashPassword } from '../../functions/auth/password.ts';
import { ROLE_PERMISSIONS } from '../../core/permissions.ts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import deStrings from '../../seed/boilerplate/de-DE.json';
import enStrings from '../../seed/boilerplate/en-US.json';
import itStrings from '../../seed/boilerplate/it-IT.json';

export const SITE = 'tiles-demo';
export const LEARNER = { id: 'u-api-learner', code: 'api.learner', password: 'Api-Learner-2026!' };
export const OTHER = { id: 'u-api-other', code: 'api.other', password: 'Api-Other-2026!' };
export const THIRD = { id: 'u-api-third', code: 'api.third', password: 'Api-Third-2026!' };
export const EDITOR = { id: 'u-api-editor', code: 'api.editor', password: 'Api-Editor-2026!' };
export const TESTER = { id: 'u-api-tester', code: 'api.tester', password: 'Api-Tester-2026!' };

/** A small site: what the API tests read and write, inserted once per test file. */
export async function seedFixtures(): Promise<void> {
  const now = Date.now();
  const hash = async (password: string) => hashPassword(password, env.PASSWORD_PEPPER, 1000);
  const statements = [
    env.DB.prepare(
      "INSERT OR IGNORE INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES (?, 'Tiles Test', 'tiles.svg', 'it-IT', '[\"it-IT\",\"en-US\",\"de-DE\"]')",
    ).bind(SITE),
    env.DB.prepare("INSERT OR IGNORE INTO locale VALUES ('it-IT', 'IT', 'Italiano'), ('en-US', 'US', 'English'), ('de-DE', 'DE', 'Deutsch')"),
    env.DB.prepare(
      "INSERT OR IGNORE INTO boilerplate VALUES (?, 'nav.home', 'it-IT', 'Home'), (?, 'nav.home', 'en-US', 'Home'), (?, 'nav.home', 'de-DE', 'Startseite')",
    ).bind(SITE, SITE, SITE),
    env.DB.prepare('INSERT OR REPLACE INTO role VALUES (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?)').bind(
      'learner',
      'Discente',
      'user',
      JSON.stringify(ROLE_PERMISSIONS.learner),
      'admin',
      'Redattore',
      'admin',
      JSON.stringify(ROLE_PERMISSIONS.admin),
      'tester',
      'Collaudatore',
      'tester',
      JSON.stringify(ROLE_PERMISSIONS.tester),
    ),
    env.DB.prepare("INSERT OR IGNORE INTO category VALUES ('cat-rischio', ?, 'rischio', 'category', 0), ('cat-privacy', ?, 'privacy', 'category', 1)").bind(
      SITE,
      SITE,
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO category_text VALUES ('cat-rischio', 'it-IT', 'Rischio clinico', ''), ('cat-rischio', 'en-US', 'Clinical risk', ''), ('cat-privacy', 'it-IT', 'Privacy', '')",
    ),
    env.DB.prepare("INSERT OR IGNORE INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('triage', ?, 'cat-rischio', 6, 0)").bind(SITE),
    env.DB.prepare("INSERT OR IGNORE INTO badge VALUES ('prima-sessione', ?, NULL, '🎯', 'sessions', 1, 0)").bind(SITE),
    env.DB.prepare("INSERT OR IGNORE INTO badge_text VALUES ('prima-sessione', 'it-IT', 'Primo passo', 'Prima sessione completata.')"),
    env.DB.prepare('INSERT OR IGNORE INTO level VALUES (?, 1, 0), (?, 2, 40)').bind(SITE, SITE),
    env.DB.prepare(
      "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Giulia', 'Bianchi', 'giulia@example.it', 'f', 'en-US', '[\"learner\"]', ?, ?)",
    ).bind(LEARNER.id, SITE, LEARNER.code, await hash(LEARNER.password), now, now),
    env.DB.prepare(
      "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Marco', 'Rossi', NULL, 'm', 'it-IT', '[\"learner\"]', ?, ?)",
    ).bind(OTHER.id, SITE, OTHER.code, await hash(OTHER.password), now, now),
    env.DB.prepare("INSERT OR IGNORE INTO user_badge VALUES (?, 'prima-sessione', ?, 1, 1)").bind(LEARNER.id, now),
    ...[EDITOR, TESTER].map(async (user, i) =>
      env.DB.prepare(
        "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Prova', NULL, 'm', 'it-IT', ?, ?, ?)",
      ).bind(user.id, SITE, user.code, await hash(user.password), i === 0 ? 'Edoardo' : 'Tina', JSON.stringify([i === 0 ? 'admin' : 'tester']), now, now),
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO page VALUES (?, 'it-IT', 'content', 'privacy', 'Informativa privacy', 'Come trattiamo i dati.', '[{\"type\":\"p\",\"text\":\"Testo originale.\"}]', NULL, 0), (?, 'en-US', 'content', 'privacy', 'Privacy notice', 'How we handle data.', '[{\"type\":\"p\",\"text\":\"Original text.\"}]', NULL, 0)",
    ).bind(SITE, SITE),
    env.DB.prepare("INSERT OR IGNORE INTO course_text VALUES ('triage', 'it-IT', 'Triage', 'Il triage in pronto soccorso.', 'Priorità di accesso alle cure.')"),
    env.DB.prepare('INSERT OR IGNORE INTO module (course_id, number) VALUES (?, 1), (?, 2)').bind('triage', 'triage'),
    env.DB.prepare("INSERT OR IGNORE INTO module_text VALUES ('triage', 1, 'it-IT', 'Il processo'), ('triage', 2, 'it-IT', 'Le competenze')"),
    env.DB.prepare(
      "INSERT OR IGNORE INTO session (course_id, module_number, number, kind, duration, media_url) VALUES ('triage', 1, 1, 'text', '0h 25m 0s', NULL), ('triage', 1, 2, 'video', '0h 40m 30s', NULL), ('triage', 2, 1, 'document', '0h 10m 45s', NULL)",
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO session_text VALUES ('triage', 1, 1, 'it-IT', 'Le fasi', 'Primo paragrafo.\n\nSecondo paragrafo.'), ('triage', 1, 2, 'it-IT', 'I codici', 'Cinque codici.'), ('triage', 2, 1, 'it-IT', 'Casi', 'Casi clinici.')",
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Sara', 'Conti', NULL, 'n', 'it-IT', '[\"learner\"]', ?, ?)",
    ).bind(THIRD.id, SITE, THIRD.code, await hash(THIRD.password), now, now),
    env.DB.prepare("INSERT OR IGNORE INTO user_level VALUES (?, 'cat-rischio', 2, 50, ?)").bind(LEARNER.id, now),
  ];
  await env.DB.batch(await Promise.all(statements));
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  cookie?: string;
  headers?: Record<string, string>;
  locale?: string;
  /** Bindings to change for this call, e.g. a configured deploy hook. */
  env?: Partial<typeof env>;
}

/** Calls the API as the platform's client does: site and locale headers, JSON body. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  // Each call comes from its own address unless a test says otherwise: sign-in throttling per
  // address (tested on its own) must not leak from one test's failures into another's sign-in.
  const address = `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
  const headers = new Headers({ 'tiles-site-id': SITE, 'tiles-locale-code': options.locale ?? 'it-IT', 'cf-connecting-ip': address, ...options.headers });
  if (options.cookie) headers.set('cookie', options.cookie);
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  return handleApi(new Request(`http://localhost${path}`, { method: options.method ?? 'GET', headers, body }), { ...env, ...options.env });
}

/** Signs in and returns the t-ssid cookie to send back. */
export async function signIn(user: { code: string; password: string } = LEARNER): Promise<string> {
  const response = await call('/api/auth/login', { method: 'POST', body: { cu: user.code, cp: user.password, ua: 'vitest' } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

/** The `outcome` of a successful API answer. */
export async function outcome<T>(response: Response): Promise<T> {
  return (await response.json<{ outcome: T }>()).outcome;
}

/** Solves a fresh bot-check challenge as the widget would, and returns its payload. */
export async function solvedBotCheck(): Promise<string> {
  const challenge = await outcome<Challenge>(await call('/api/auth/challenge'));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution for the bot-check challenge');
  return btoa(JSON.stringify({ challenge, solution }));
}

let learners = 0;

/** A learner of their own (no history shared with other tests), signed in: id and cookie. */
export async function newSignedInLearner(prefix: string): Promise<{ id: string; cookie: string }> {
  learners += 1;
  const user = { id: `u-${prefix}-${learners}`, code: `api.${prefix}.${learners}`, password: 'Api-Learner-2026!' };
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Prova', 'Nuova', 'f', 'it-IT', '[\"learner\"]', ?, ?)",
  )
    .bind(user.id, SITE, user.code, await hashPassword(user.password, env.PASSWORD_PEPPER, 1000), now, now)
    .run();
  return { id: user.id, cookie: await signIn(user) };
}

/**
 * The e-mail strings of the three locales (seed/boilerplate), which the outbox's consumer renders
 * messages with: the API tests read what a learner would read.
 */
export async function seedMailStrings(): Promise<void> {
  const locales = { 'it-IT': itStrings, 'en-US': enStrings, 'de-DE': deStrings };
  const statements = Object.entries(locales).flatMap(([locale, strings]) =>
    Object.entries(strings as Record<string, string>)
      .filter(([key]) => key.startsWith('email.'))
      .map(([key, text]) => env.DB.prepare('INSERT OR REPLACE INTO boilerplate VALUES (?, ?, ?, ?)').bind(SITE, key, locale, text)),
  );
  await env.DB.batch(statements);
}
