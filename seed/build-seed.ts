// Writes the demo site's SQL: reference data (safe to apply on every start: INSERT OR IGNORE
// never overwrites what editors or users changed) and the demo learners' history (applied once).
// Run by scripts/prepare-db.mjs with the pinned Node, which strips the TypeScript types.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../functions/auth/password.ts';
import { romeDayHour } from '../core/rome-time.ts';
import { hitBatchStatements, type Statement } from '../functions/data/hits/hits.ts';
import { ROLE_PERMISSIONS } from '../core/permissions.ts';
import { experience, earnsBadge, LEVEL_THRESHOLDS, levelFor, longestStreak, type BadgeRule } from '../core/gamification.ts';
import { drawAttempt } from '../core/ecm/draw-attempt.ts';
import { requiredQuestions, type AssessmentMode } from '../core/ecm/assessment-rules.ts';
import { validQuestions, type BankQuestion } from '../core/ecm/question-bank.ts';
import { newCertificateCode } from '../functions/ecm/certificate-code.ts';
import { bufferReader } from '../core/media/bytes.ts';
import { checkMedia } from '../core/media/check.ts';
import { declaredType } from '../core/media/kinds.ts';
import { ArrayBufferReader } from 'unzipit';
import { inspectPackage } from '../functions/scorm/accept-package.ts';
import { SEED_UNPACK } from '../core/scorm/package-path.ts';
import { parseDuration } from '../core/duration.ts';
import fiscalCodes from 'codice-fiscale-js';

const here = dirname(fileURLToPath(import.meta.url));
const LOCALES = ['it-IT', 'en-US', 'de-DE'] as const;
type Localized = Record<(typeof LOCALES)[number], string>;

interface SeedSession {
  kind: string;
  duration: string;
  title: Localized;
  body: Localized;
  /** A private `/media/` address: the video, the PDF or the SCORM package. */
  mediaUrl?: string | null;
  posterUrl?: string | null;
  /** WebVTT captions per locale (`/media/` addresses). */
  captions?: Record<string, string>;
}
interface SeedCourse {
  id: string;
  category: string;
  ecmCredits: number | null;
  title: Localized;
  summary: Localized;
  description: Localized;
  modules: { title: Localized; sessions: SeedSession[] }[];
}
interface SeedCategory {
  id: string;
  slug: string;
  name: Localized;
  description: Localized;
}
interface SeedPage {
  kind: string;
  slug: string;
  title: Localized;
  description: Localized;
  body: Record<string, unknown[]>;
  tiles: Record<string, unknown> | null;
  courses?: string[];
}
interface SeedEvent {
  eventId: string;
  mode: AssessmentMode;
  /** How many editions: the last one runs this year, each earlier one a year before. */
  editions: number;
  hours: number;
  objective: number;
  tipologia: number;
  /** The accredited disciplines' registry codes, or every discipline of the registry. */
  disciplines: string[] | 'all';
}
interface SeedEcm {
  provider: { id: string; name: string; accreditationCode: string; legalRepresentative: string };
  minTimeShare: number | null;
  events: Record<string, SeedEvent>;
}
/** A demo edition: a calendar year, January 1st to December 30th (at most 365 days even in a leap year). */
interface SeedEdition {
  number: number;
  startsOn: string;
  endsOn: string;
}
/** The editions of a demo event as of `now`: the last one open in the current year. */
function seedEditions(event: SeedEvent, now: number): SeedEdition[] {
  const year = Number(romeDayHour(now).day.slice(0, 4));
  return Array.from({ length: event.editions }, (_, i) => {
    const y = year - (event.editions - 1 - i);
    return { number: i + 1, startsOn: `${y}-01-01`, endsOn: `${y}-12-30` };
  });
}
type SeedBanks = Record<string, Record<string, BankQuestion[]>>;
interface SeedBadge {
  id: string;
  icon: string;
  rule: BadgeRule;
  threshold: number;
  name: Localized;
  description: Localized;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(here, path), 'utf8')) as T;

function sql(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  return `'${value.replaceAll("'", "''")}'`;
}
/** A statement of functions/data with its numbered parameters written in as literals. */
function renderStatement(statement: Statement): string {
  return `${statement.sql.replace(/\?(\d+)/g, (_, n: string) => sql(statement.params[Number(n) - 1]))};\n`;
}
const row = (...values: (string | number | null | undefined)[]) => `(${values.map(sql).join(', ')})`;
/** D1 refuses statements over 100 KB: rows are grouped into statements of at most ~50 KB. */
function insert(table: string, columns: string, rows: string[]): string {
  const statements: string[] = [];
  let group: string[] = [];
  let size = 0;
  const flush = () => {
    if (group.length) statements.push(`INSERT OR IGNORE INTO ${table} (${columns}) VALUES\n${group.join(',\n')};\n`);
    group = [];
    size = 0;
  };
  for (const entry of rows) {
    if (size + entry.length > 50_000) flush();
    group.push(entry);
    size += entry.length;
  }
  flush();
  return statements.join('');
}

export const SITE_ID = process.env.SITE_ID ?? 'tiles-demo';

/** A session's text as the body blocks the player shows: each blank-line-separated paragraph a block. */
const bodyBlocks = (text: string) =>
  JSON.stringify(
    text
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => ({ type: 'p', text: paragraph })),
  );

export function referenceSql(): string {
  const { categories, courses } = readJson<{ categories: SeedCategory[]; courses: SeedCourse[] }>('content/courses.json');
  const pages = readJson<SeedPage[]>('content/pages.json');
  const badges = readJson<SeedBadge[]>('badges.json');
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
  out.push(
    insert(
      'category',
      'id, site_id, slug, type, position',
      categories.map((c, i) => row(c.id, SITE_ID, c.slug, 'category', i)),
    ),
  );
  out.push(
    insert(
      'category_text',
      'category_id, locale, name, description',
      categories.flatMap((c) => LOCALES.map((l) => row(c.id, l, c.name[l], c.description[l]))),
    ),
  );
  out.push(
    insert(
      'course',
      'id, site_id, category_id, ecm_credits, position',
      courses.map((c, i) => row(c.id, SITE_ID, c.category, c.ecmCredits, i)),
    ),
  );
  out.push(
    insert(
      'course_text',
      'course_id, locale, title, summary, description',
      courses.flatMap((c) => LOCALES.map((l) => row(c.id, l, c.title[l], c.summary[l], c.description[l]))),
    ),
  );
  out.push(
    insert(
      'module',
      'course_id, number, position',
      courses.flatMap((c) => c.modules.map((_, m) => row(c.id, m + 1, m + 1))),
    ),
  );
  out.push(
    insert(
      'module_text',
      'course_id, number, locale, title',
      courses.flatMap((c) => c.modules.flatMap((mod, m) => LOCALES.map((l) => row(c.id, m + 1, l, mod.title[l])))),
    ),
  );
  out.push(
    insert(
      'session',
      'course_id, module_number, number, kind, duration, media_url, poster_url, captions, position',
      courses.flatMap((c) =>
        c.modules.flatMap((mod, m) =>
          mod.sessions.map((s, n) =>
            row(c.id, m + 1, n + 1, s.kind, s.duration, s.mediaUrl ?? null, s.posterUrl ?? null, JSON.stringify(s.captions ?? {}), n + 1),
          ),
        ),
      ),
    ),
  );
  out.push(
    insert(
      'session_text',
      'course_id, module_number, number, locale, title, body',
      courses.flatMap((c) =>
        c.modules.flatMap((mod, m) => mod.sessions.flatMap((s, n) => LOCALES.map((l) => row(c.id, m + 1, n + 1, l, s.title[l], bodyBlocks(s.body[l]))))),
      ),
    ),
  );
  out.push(
    insert(
      'badge',
      'id, site_id, category_id, icon, rule, threshold, position',
      badges.map((b, i) => row(b.id, SITE_ID, null, b.icon, b.rule, b.threshold, i)),
    ),
  );
  out.push(
    insert(
      'badge_text',
      'badge_id, locale, name, description',
      badges.flatMap((b) => LOCALES.map((l) => row(b.id, l, b.name[l], b.description[l]))),
    ),
  );
  const levelNames: Record<string, string[]> = {
    'it-IT': ['Principiante', 'Apprendista', 'Competente', 'Esperto', 'Specialista', 'Maestro'],
    'en-US': ['Beginner', 'Apprentice', 'Competent', 'Expert', 'Specialist', 'Master'],
    'de-DE': ['Einsteiger', 'Lernende', 'Kompetent', 'Erfahren', 'Spezialist', 'Meister'],
  };
  out.push(
    insert(
      'level',
      'site_id, level, experience',
      LEVEL_THRESHOLDS.map((t) => row(SITE_ID, t.level, t.experience)),
    ),
  );
  out.push(
    insert(
      'level_text',
      'site_id, level, locale, name',
      LEVEL_THRESHOLDS.flatMap((t) => LOCALES.map((l) => row(SITE_ID, t.level, l, levelNames[l]?.[t.level - 1] ?? `Livello ${t.level}`))),
    ),
  );
  out.push(...ecmReferenceSql());
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
  return out.join('\n');
}

/**
 * ECM: the provider, each ECM course's event, editions and question banks. The registry's
 * professions, disciplines and objectives come with the migrations (0028), for every site.
 */
function ecmReferenceSql(): string[] {
  const ecm = readJson<SeedEcm>('ecm.json');
  const banks = readJson<SeedBanks>('content/ecm-banks.json');
  const { courses } = readJson<{ courses: SeedCourse[] }>('content/courses.json');
  const credits = new Map(courses.map((course) => [course.id, course.ecmCredits]));
  const now = Date.now();
  const events = Object.entries(ecm.events);
  const editions = events.flatMap(([id, event]) => seedEditions(event, now).map((edition) => ({ id, event, edition })));
  const { provider } = ecm;
  return [
    insert('ecm_site', 'site_id, provider_id, provider_name, accreditation_code, legal_representative, min_time_share, signature, signature_type', [
      `(${[SITE_ID, provider.id, provider.name, provider.accreditationCode, provider.legalRepresentative, ecm.minTimeShare].map(sql).join(', ')}, X'${readFileSync(join(here, 'ecm-signature.png')).toString('hex')}', 'image/png')`,
    ]),
    insert(
      'ecm_course',
      'course_id, event_id, mode',
      events.map(([id, e]) => row(id, e.eventId, e.mode)),
    ),
    insert(
      'ecm_edition',
      'course_id, number, starts_on, ends_on, hours, credit_tenths, objective_id, tipologia, event_type',
      editions.map(({ id, event, edition }) =>
        row(id, edition.number, edition.startsOn, edition.endsOn, event.hours, Math.round((credits.get(id) ?? 0) * 10), event.objective, event.tipologia, 'E'),
      ),
    ),
    ...editions.map(({ id, event, edition }) =>
      event.disciplines === 'all'
        ? `INSERT OR IGNORE INTO ecm_edition_discipline (course_id, edition, discipline_id) SELECT ${sql(id)}, ${edition.number}, id FROM ecm_discipline;\n`
        : insert(
            'ecm_edition_discipline',
            'course_id, edition, discipline_id',
            event.disciplines.map((discipline) => row(id, edition.number, discipline)),
          ),
    ),
    insert(
      'ecm_bank',
      'course_id, locale, questions, updated_at',
      Object.entries(banks).flatMap(([id, locales]) => Object.entries(locales).map(([l, questions]) => row(id, l, JSON.stringify(questions), now))),
    ),
  ];
}

/** A small deterministic generator, so that every fresh machine gets the same demo history shape. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function demoSql(pepper: string, secret: string, now = Date.now()): Promise<string> {
  const courses = historyCourses();
  const badges = readJson<SeedBadge[]>('badges.json');
  const users = [
    {
      id: 'u-studente-demo',
      code: 'studente.demo',
      password: 'Studente-Demo-2026!',
      first: 'Giulia',
      last: 'Bianchi',
      email: 'giulia.bianchi@example.it',
      gender: 'f',
      roles: ['learner'],
    },
    {
      id: 'u-editor-demo',
      code: 'editor.demo',
      password: 'Editor-Demo-2026!',
      first: 'Marco',
      last: 'Rossi',
      email: 'marco.rossi@example.it',
      gender: 'm',
      roles: ['admin'],
    },
    {
      id: 'u-tester-demo',
      code: 'tester.demo',
      password: 'Tester-Demo-2026!',
      first: 'Sara',
      last: 'Conti',
      email: 'sara.conti@example.it',
      gender: 'n',
      roles: ['tester'],
    },
    { id: 'u-nuovo-demo', code: 'nuovo.demo', password: 'Nuovo-Demo-2026!', first: 'Luca', last: 'Verdi', email: null, gender: 'm', roles: ['learner'] },
  ];
  const out: string[] = [];
  const userRows: string[] = [];
  for (const user of users) {
    userRows.push(
      row(
        user.id,
        SITE_ID,
        user.code,
        await hashPassword(user.password, pepper),
        user.first,
        user.last,
        user.email,
        user.gender,
        'it-IT',
        JSON.stringify(user.roles),
        now,
        now,
      ),
    );
  }
  out.push(insert('user', 'id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at', userRows));

  // 60 days of the demo learner: two courses finished, three under way, hits on most days.
  const next = random(2026);
  const learner = 'u-studente-demo';
  const devices = ['windows', 'windows', 'android', 'ios', 'macos'];
  const uas: Record<string, string> = {
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    macos: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  };
  const plan = courses.slice(0, 5).map((course, index) => ({
    course,
    sessions: course.modules.flatMap((mod, m) => mod.sessions.map((_, n) => ({ module: m + 1, number: n + 1 }))),
    share: index < 2 ? 1 : 0.5,
  }));
  const queue = plan.flatMap((entry) => entry.sessions.slice(0, Math.ceil(entry.sessions.length * entry.share)).map((s) => ({ course: entry.course, ...s })));
  // Each visit opens a tab on the course page (its first hit earns nothing) and, a few minutes
  // later, reaches a session: the statements the API runs for every hit.
  const hits: string[] = [];
  const progress: string[] = [];
  const completedDays: string[] = [];
  const lastDone = new Map<string, number>();
  let minutes = 0;
  // Before that history, the demo learner studied the sessions of one ECM course they have not
  // marked done yet, and the editor a whole ECM course as a learner: the time on each page and the
  // videos played through are the evidence completing them needs (core/session-evidence.ts), so the
  // ECM journeys finish them honestly.
  const watches: string[] = [];
  for (const [userId, courseId, which] of STUDIED) {
    const course = courses.find((candidate) => candidate.id === courseId);
    if (!course) continue;
    const all = course.modules.flatMap((mod, m) => mod.sessions.map((session, n) => ({ session, module: m + 1, number: n + 1 })));
    const studied = which === 'open' ? all.slice(Math.ceil(all.length / 2)) : all;
    let at = now - 62 * 86_400_000;
    for (const { session, module, number } of studied) {
      const [h, m, sec] = parseDuration(session.duration);
      const ms = ((h * 60 + m) * 60 + sec) * 1000;
      const path = `/it-IT/course/session/${course.id}/${module}/${number}`;
      const visit = {
        siteId: SITE_ID,
        userId,
        identity: `studied-${userId}-${course.id}-${module}-${number}`,
        ua: uas.windows ?? '',
        origin: 'web',
        device: 'windows',
        path,
      };
      const opened = { ...visit, receipt: `${visit.identity}-opened`, course: course.id, module, session: number, claimedMs: 0, at };
      const left = { ...opened, receipt: `${visit.identity}-left`, claimedMs: ms, at: at + ms };
      hits.push(...hitBatchStatements([opened, left], hits.length + 1).map(renderStatement));
      if (userId === learner) minutes += ms / 60_000;
      if (session.kind === 'video') watches.push(row(userId, course.id, module, number, ms / 1000, ms / 1000, at + ms));
      at += ms + 60_000;
    }
  }
  for (let daysAgo = 59; daysAgo >= 0; daysAgo--) {
    if (next() < 0.2) continue; // a day off
    const dayStart = now - daysAgo * 86_400_000 - (now % 86_400_000);
    const visits = 1 + Math.floor(next() * 3);
    const planned = Array.from({ length: visits }, () => dayStart + (7 + Math.floor(next() * 15)) * 3_600_000 + Math.floor(next() * 3_000_000)).sort(
      (a, b) => a - b,
    );
    let free = 0;
    for (const [v, plannedAt] of planned.entries()) {
      const ms = (4 + Math.floor(next() * 22)) * 60_000;
      // Visits of one day follow each other: a learner's time is never counted twice.
      const start = Math.max(plannedAt, free);
      const at = start + ms;
      if (at > now) continue;
      free = at + 60_000;
      const device = devices[Math.floor(next() * devices.length)] ?? 'windows';
      const item = queue.length > 0 && next() < 0.8 ? queue.shift() : undefined;
      const course = item?.course ?? courses[Math.floor(next() * courses.length)];
      if (!course) continue;
      const visit = {
        siteId: SITE_ID,
        userId: learner,
        identity: `demo-${daysAgo}-${v}`,
        ua: uas[device] ?? '',
        origin: 'web',
        device,
        module: null,
        session: null,
      };
      // A visit without a new session goes back over one already open to the learner.
      const revisited = item ?? { module: 1, number: 1 + Math.floor(next() * (course.modules[0]?.sessions.length ?? 1)) };
      // The visit opens a session's page (its first hit earns nothing) and its time arrives as the page is left.
      const page = {
        path: `/it-IT/course/session/${course.id}/${revisited.module}/${revisited.number}`,
        course: course.id,
        module: revisited.module,
        session: revisited.number,
      };
      const landing = { ...visit, ...page, receipt: `${visit.identity}-landing`, claimedMs: 0, at: start };
      const reached = { ...visit, ...page, receipt: `${visit.identity}-reached`, claimedMs: ms, at };
      hits.push(...hitBatchStatements([landing, reached], hits.length + 1).map(renderStatement));
      minutes += ms / 60_000;
      if (item) {
        progress.push(row(learner, course.id, item.module, item.number, at));
        completedDays.push(romeDayHour(at).day);
        lastDone.set(course.id, at);
      }
    }
  }
  out.push(hits.join(''));
  out.push(insert('session_progress', 'user_id, course_id, module_number, number, completed_at', progress));
  out.push(insert('session_watch', 'user_id, course_id, module_number, number, watched_to, last_seconds, last_at', watches));
  out.push(await ecmDemoSql(learner, lastDone, next, secret, now));
  out.push(await demoPeopleSql(pepper, now));

  // Levels and badges follow from that history through the gamification rules.
  const sessionsDone = progress.length;
  const perCategory = new Map<string, { sessions: number; courses: number }>();
  for (const entry of plan) {
    const done = progress.filter((p) => p.startsWith(`('${learner}', '${entry.course.id}'`)).length;
    const stats = perCategory.get(entry.course.category) ?? { sessions: 0, courses: 0 };
    stats.sessions += done;
    if (done === entry.sessions.length) stats.courses += 1;
    perCategory.set(entry.course.category, stats);
  }
  const coursesDone = [...perCategory.values()].reduce((sum, c) => sum + c.courses, 0);
  out.push(
    insert(
      'user_level',
      'user_id, category_id, level, experience, obtained_at',
      [...perCategory]
        .filter(([, c]) => c.sessions > 0)
        .map(([category, c]) => {
          const xp = experience(c.sessions, c.courses);
          return row(learner, category, levelFor(xp), xp, now - 86_400_000);
        }),
    ),
  );
  const facts = { sessions: sessionsDone, courses: coursesDone, streak: longestStreak(completedDays), minutes: Math.round(minutes) };
  out.push(
    insert(
      'user_badge',
      'user_id, badge_id, obtained_at, amount, chain',
      badges.filter((b) => earnsBadge(b.rule, b.threshold, facts)).map((b, i) => row(learner, b.id, now - (badges.length - i) * 2 * 86_400_000, 1, 1)),
    ),
  );
  out.push(`INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ${sql(new Date(now).toISOString())});\n`);
  return out.join('\n');
}

/**
 * The demo learner's ECM record: registry fields, the first ECM course passed with its
 * questionnaire and certificate (signed with SESSION_SECRET, so the verification page accepts it),
 * the second ECM course with every session done and its assessment not yet taken.
 */
async function ecmDemoSql(learner: string, lastDone: Map<string, number>, random: () => number, secret: string, now: number): Promise<string> {
  const { courses } = readJson<{ courses: SeedCourse[] }>('content/courses.json');
  const ecm = readJson<SeedEcm>('ecm.json');
  const banks = readJson<SeedBanks>('content/ecm-banks.json');
  // A nurse (registry codes 14 / 085), employed by a health trust.
  const out = [`UPDATE user SET fiscal_code = 'BNCGLI88C52F205X', profession_id = '14', discipline_id = '085', employment = 'D' WHERE id = ${sql(learner)};\n`];
  const passed = courses.find((course) => course.ecmCredits !== null && ecm.events[course.id] && lastDone.has(course.id));
  const event = passed ? ecm.events[passed.id] : undefined;
  const bank = passed ? banks[passed.id]?.['it-IT'] : undefined;
  const completedAt = passed ? (lastDone.get(passed.id) ?? now) + 25 * 60_000 : now;
  const completedOn = romeDayHour(completedAt).day;
  const edition = event ? seedEditions(event, now).find((e) => e.startsOn <= completedOn && completedOn <= e.endsOn) : undefined;
  if (!passed || !event || !edition || !bank || passed.ecmCredits === null) return out.join('');
  let ids = 0;
  const hex = (length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  const questions = drawAttempt({
    bank: validQuestions({ questions: bank }),
    mode: event.mode,
    required: requiredQuestions(passed.ecmCredits),
    previous: null,
    random,
    newId: () => `${hex(8)}${(ids++).toString(16)}`,
  });
  // Two answers wrong out of 24: passed at 91 %, as a real learner might.
  const answers = Object.fromEntries(questions.map((q, i) => [q.id, i < 2 ? (q.options.find((o) => o.id !== q.correct)?.id ?? q.correct) : q.correct]));
  const correct = questions.filter((q) => answers[q.id] === q.correct).length;
  const attemptId = hex(32);
  const month = romeDayHour(completedAt).day.slice(0, 7);
  out.push(
    insert(
      'ecm_attempt',
      'id, site_id, user_id, course_id, number, locale, questions, answers, started_at, updated_at, submitted_at, correct, total, passed, edition',
      [
        row(
          attemptId,
          SITE_ID,
          learner,
          passed.id,
          1,
          'it-IT',
          JSON.stringify(questions),
          JSON.stringify(answers),
          completedAt - 18 * 60_000,
          completedAt,
          completedAt,
          correct,
          questions.length,
          1,
          edition.number,
        ),
      ],
    ),
    insert('ecm_satisfaction', 'id, site_id, course_id, edition, month, relevance, quality, usefulness, time_adequacy, commercial_influence, comment', [
      row(hex(32), SITE_ID, passed.id, edition.number, month, 5, 4, 5, 4, 4, 'Casi pratici molto utili per il reparto.'),
    ]),
    insert('ecm_satisfaction_done', 'user_id, course_id', [row(learner, passed.id)]),
    insert(
      'ecm_certificate',
      `code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id, credits, event_id, edition, provider_id,
       provider_name, completed_at, issued_at, hours, objective_id, edition_starts_on, edition_ends_on, accreditation_code, legal_representative, employment`,
      [
        row(
          await newCertificateCode(secret),
          SITE_ID,
          learner,
          passed.id,
          attemptId,
          'Giulia',
          'Bianchi',
          'BNCGLI88C52F205X',
          '14',
          '085',
          passed.ecmCredits,
          event.eventId,
          edition.number,
          ecm.provider.id,
          ecm.provider.name,
          completedAt,
          completedAt + 6 * 60_000,
          event.hours,
          event.objective,
          edition.startsOn,
          edition.endsOn,
          ecm.provider.accreditationCode,
          ecm.provider.legalRepresentative,
          'D',
        ),
      ],
    ),
  );
  return out.join('');
}

/**
 * The courses the demo's history (the learner's 60 days, the cohort's progress) is made of: all
 * but those of SCORM sessions, which every demo user starts fresh (a package keeps its own state).
 */
function historyCourses(): SeedCourse[] {
  return readJson<{ courses: SeedCourse[] }>('content/courses.json').courses.filter((course) =>
    course.modules.every((module) => module.sessions.every((session) => session.kind !== 'scorm')),
  );
}

/** The demo's media directory: its files go in the MEDIA bucket (scripts/seed-media.mjs) and in the library. */
const MEDIA_SEED_DIR = join(here, 'media');

/**
 * The library's rows for the demo's media (seed/media/), as an upload would write them: each file
 * checked by its bytes with the API's own checks (its type, a video's true duration, an image's
 * size) and R2's ETag of a single put, the MD5 of its bytes. A file that fails stops the seed.
 */
export async function mediaSql(): Promise<string> {
  const rows: string[] = [];
  const packages: string[] = [];
  for (const name of readdirSync(MEDIA_SEED_DIR).sort()) {
    const bytes = new Uint8Array(readFileSync(join(MEDIA_SEED_DIR, name)));
    const facts = await checkMedia(declaredType(name, ''), bytes.length, bufferReader(bytes));
    if (!facts.ok) throw new Error(`seed/media/${name} fails its checks: ${facts.problem}`);
    const etag = createHash('md5').update(bytes).digest('hex');
    rows.push(row(name, SITE_ID, name, facts.type, facts.kind, bytes.length, facts.durationSeconds, facts.width, facts.height, etag, Date.now(), null));
    if (facts.kind !== 'package') continue;
    // A SCORM package is checked as an upload is; scripts/seed-media.mjs puts its files under the same prefix.
    const inspected = await inspectPackage(new ArrayBufferReader(bytes));
    if (!inspected.ok) throw new Error(`seed/media/${name} fails its checks: ${inspected.problem} ${inspected.detail ?? ''}`);
    const { manifest, files } = inspected;
    packages.push(
      row(
        name,
        SITE_ID,
        manifest.version,
        `scorm/${name}/${SEED_UNPACK}/`,
        manifest.items[0]?.launch ?? '',
        manifest.title,
        JSON.stringify(manifest.items),
        files.length,
        files.reduce((sum, entry) => sum + entry.size, 0),
        Date.now(),
      ),
    );
  }
  return (
    insert('media', 'key, site_id, name, type, kind, size, duration_seconds, width, height, etag, uploaded_at, uploaded_by', rows) +
    insert('scorm_package', 'media_key, site_id, version, prefix, launch, title, items, files, bytes, unpacked_at', packages)
  );
}

// The package's CommonJS build exports `{ CodiceFiscale }` while its types describe a default class.
const CodiceFiscale = (fiscalCodes as unknown as { CodiceFiscale?: typeof fiscalCodes }).CodiceFiscale ?? fiscalCodes;

/** The demo's secretary and the course the demo takes by enrolment (its key, as staff hand it out: MVPZ-KEYS-2345). */
/** Who studied which ECM course before the demo's history: its sessions still 'open', or 'all'. */
const STUDIED: [string, string, 'open' | 'all'][] = [
  ['u-studente-demo', 'bls-d-adulto', 'open'],
  ['u-editor-demo', 'comunicazione-efficace-paziente', 'all'],
];

export const DEMO_STAFF = { id: 'u-segreteria-demo', code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
/** The accrediting body's inspector: reads courses, tracking, reports and questionnaire totals, writes nothing. */
export const DEMO_AUDITOR = { id: 'u-ispettore-demo', code: 'ispettore.demo', password: 'Ispettore-Demo-2026!' };
export const DEMO_ENROLMENT_COURSE = { id: 'movimentazione-pazienti', key: 'MVPZKEYS2345' };
/** Every learner of the demo cohort signs in with this password (user code: nome.cognome). */
export const COHORT_PASSWORD = 'Corsista-Demo-2026!';
const COHORT: [first: string, last: string, gender: 'f' | 'm'][] = [
  ['Anna', 'Ferrari', 'f'],
  ['Marco', 'Esposito', 'm'],
  ['Chiara', 'Romano', 'f'],
  ['Luca', 'Colombo', 'm'],
  ['Francesca', 'Ricci', 'f'],
  ['Alessandro', 'Marino', 'm'],
  ['Sofia', 'Greco', 'f'],
  ['Matteo', 'Bruno', 'm'],
  ['Giorgia', 'Gallo', 'f'],
  ['Davide', 'Conti', 'm'],
  ['Martina', 'De Luca', 'f'],
  ['Simone', 'Mancini', 'm'],
  ['Elena', 'Costa', 'f'],
  ['Andrea', 'Giordano', 'm'],
  ['Alice', 'Rizzo', 'f'],
  ['Federico', 'Lombardi', 'm'],
  ['Sara', 'Moretti', 'f'],
  ['Lorenzo', 'Barbieri', 'm'],
  ['Valentina', 'Fontana', 'f'],
  ['Riccardo', 'Santoro', 'm'],
  ['Silvia', 'Mariani', 'f'],
  ['Stefano', 'Rinaldi', 'm'],
  ['Laura', 'Caruso', 'f'],
  ['Nicolò', "D'Angelo", 'm'],
  ['Beatrice', 'Ferrara', 'f'],
  ['Tommaso', 'Galli', 'm'],
  ['Giulia', 'Martini', 'f'],
  ['Pietro', 'Leone', 'm'],
  ['Camilla', 'Longo', 'f'],
  ['Gabriele', 'Gentile', 'm'],
  ['Elisa', 'Martinelli', 'f'],
  ['Filippo', 'Vitale', 'm'],
  ['Ilaria', 'Lombardo', 'f'],
  ['Emanuele', 'Serra', 'm'],
  ['Noemi', 'Coppola', 'f'],
  ['Jonas', 'Müller', 'm'],
];
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The people staff manage in the demo: the secretary (role `staff`, people:manage without content
 * editing) and a cohort of 36 learners with e-mail addresses and codici fiscali. The cohort's
 * first twelve have some progress in the open courses; the course taken by enrolment has a key
 * and the cohort's first eight enrolled by the secretary.
 */
async function demoPeopleSql(pepper: string, now: number): Promise<string> {
  const courses = historyCourses();
  const next = random(22);
  const cohort = COHORT.map(([first, last, gender], i) => {
    const code = `${ascii(first)}.${ascii(last)}`;
    const born = { day: 1 + Math.floor(next() * 28), month: 1 + Math.floor(next() * 12), year: 1960 + Math.floor(next() * 40) };
    const fiscalCode = CodiceFiscale.compute({
      name: first,
      surname: last,
      gender: gender === 'f' ? 'F' : 'M',
      ...born,
      birthplace: 'Roma',
      birthplaceProvincia: 'RM',
    });
    return { id: `u-corsista-${i + 1}`, code, first, last, gender, email: i % 5 === 4 ? null : `${code}@example.it`, fiscalCode };
  });
  const userRows = [
    row(
      DEMO_STAFF.id,
      SITE_ID,
      DEMO_STAFF.code,
      await hashPassword(DEMO_STAFF.password, pepper),
      'Paola',
      'Segreti',
      'segreteria@example.it',
      null,
      'f',
      'it-IT',
      '["staff"]',
      now,
      now,
    ),
    row(
      DEMO_AUDITOR.id,
      SITE_ID,
      DEMO_AUDITOR.code,
      await hashPassword(DEMO_AUDITOR.password, pepper),
      'Marta',
      'Ispettori',
      null,
      null,
      'f',
      'it-IT',
      '["auditor"]',
      now,
      now,
    ),
  ];
  for (const person of cohort) {
    userRows.push(
      row(
        person.id,
        SITE_ID,
        person.code,
        await hashPassword(COHORT_PASSWORD, pepper),
        person.first,
        person.last,
        person.email,
        person.fiscalCode,
        person.gender,
        'it-IT',
        '["learner"]',
        now,
        now,
      ),
    );
  }
  const open = courses.filter((course) => course.id !== DEMO_ENROLMENT_COURSE.id).slice(5, 9);
  const progress = cohort.slice(0, 12).flatMap((person, i) => {
    const course = open[i % open.length];
    const sessions = course?.modules.flatMap((mod, m) => mod.sessions.map((_, n) => ({ module: m + 1, number: n + 1 }))) ?? [];
    return sessions
      .slice(0, 1 + (i % sessions.length))
      .map((session, n) => row(person.id, course?.id, session.module, session.number, now - (20 - n) * 3_600_000 - i * 86_400_000));
  });
  return [
    insert('user', 'id, site_id, code, password_hash, first_name, last_name, email, fiscal_code, gender, locale, roles, created_at, updated_at', userRows),
    insert('session_progress', 'user_id, course_id, module_number, number, completed_at', progress),
    insert('course_access', 'course_id, mode, course_key, updated_by, updated_at', [
      row(DEMO_ENROLMENT_COURSE.id, 'enrolment', DEMO_ENROLMENT_COURSE.key, DEMO_STAFF.id, now),
    ]),
    insert(
      'enrolment',
      'user_id, course_id, enrolled_at, enrolled_by, via',
      cohort.slice(0, 8).map((person, i) => row(person.id, DEMO_ENROLMENT_COURSE.id, now - (8 - i) * 86_400_000, DEMO_STAFF.id, 'staff')),
    ),
  ].join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2] ?? join(here, '..', '.wrangler', 'seed');
  const pepper = process.env.PASSWORD_PEPPER;
  if (!pepper) throw new Error('PASSWORD_PEPPER is not set');
  // Certificate codes are signed with a key derived from it (functions/ecm/certificate-code.ts).
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET is not set');
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'reference.sql'), referenceSql() + (await mediaSql()));
  writeFileSync(join(target, 'demo.sql'), await demoSql(pepper, secret));
  console.log(`Seed SQL written to ${target}`);
}
