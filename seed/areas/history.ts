// The demo learner's history: hits on most of 60 days, sessions completed in five courses, and,
// before that, ECM courses studied by the learner and the editor (the evidence their completion needs).
import { parseDuration } from '../../core/duration.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import { hitBatchStatements } from '../../functions/data/hits/hits.ts';
import { DEMO_LEARNER } from './people.ts';
import { insert, random, renderStatement, row, SITE_ID, type SeedCourse } from './seed-sql.ts';

/** Who studied which ECM course before the demo's history, in which language: its sessions still 'open', or 'all'. */
const STUDIED: [string, string, 'open' | 'all', string][] = [
  ['u-studente-demo', 'bls-d-adulto', 'open', 'it-IT'],
  ['u-editor-demo', 'comunicazione-efficace-paziente', 'all', 'it-IT'],
  // The cohort's German speaker (Jonas Müller), ready for the assessment in German.
  ['u-corsista-36', 'gdpr-dati-sanitari', 'all', 'de-DE'],
];

/** What the history wrote, and what the areas that follow from it read. */
export interface LearnerHistory {
  learner: string;
  /** Hits, completed sessions and videos watched: three SQL texts, in that order. */
  sql: string[];
  /** The generator, as the history left it: the ECM record draws from it next. */
  next: () => number;
  /** When the learner last completed a session of each course. */
  lastDone: Map<string, number>;
  plan: { course: SeedCourse; sessions: { module: number; number: number }[]; share: number }[];
  /** The session_progress rows written. */
  progress: string[];
  /** The Europe/Rome day of each completion. */
  completedDays: string[];
  minutes: number;
}

/** 60 days of the demo learner: two courses finished, three under way, hits on most days. */
export function learnerHistory(courses: SeedCourse[], now: number): LearnerHistory {
  const next = random(2026);
  const learner = DEMO_LEARNER;
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
  for (const [userId, courseId, which, locale] of STUDIED) {
    const course = courses.find((candidate) => candidate.id === courseId);
    if (!course) continue;
    const all = course.modules.flatMap((mod, m) => mod.sessions.map((session, n) => ({ session, module: m + 1, number: n + 1 })));
    const studied = which === 'open' ? all.slice(Math.ceil(all.length / 2)) : all;
    let at = now - 62 * 86_400_000;
    for (const { session, module, number } of studied) {
      const [h, m, sec] = parseDuration(session.duration);
      const ms = ((h * 60 + m) * 60 + sec) * 1000;
      const path = `/${locale}/course/session/${course.id}/${module}/${number}`;
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
  return {
    learner,
    sql: [
      hits.join(''),
      insert('session_progress', 'user_id, course_id, module_number, number, completed_at', progress),
      insert('session_watch', 'user_id, course_id, module_number, number, watched_to, last_seconds, last_at', watches),
    ],
    next,
    lastDone,
    plan,
    progress,
    completedDays,
    minutes,
  };
}
