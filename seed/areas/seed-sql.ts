// What every area of the seed shares: where its data files are, the site and locales it writes
// for, the shapes of its JSON files, and how values and rows become SQL.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BadgeRule } from '../../core/gamification.ts';
import type { Statement } from '../../functions/data/hits/hits.ts';
import type { RichDoc } from '../../core/rich-text.ts';

/** The seed's folder (seed/): its JSON, media and images. */
export const SEED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LOCALES = ['it-IT', 'en-US', 'de-DE'] as const;
export type Localized = Record<(typeof LOCALES)[number], string>;

export interface SeedSession {
  kind: string;
  duration: string;
  title: Localized;
  /** Plain paragraphs, or a lesson's document (`core/rich-text.ts`). */
  body: Record<(typeof LOCALES)[number], string | RichDoc>;
  /** A private `/media/` address: the video, the PDF or the SCORM package. */
  mediaUrl?: string | null;
  posterUrl?: string | null;
  /** WebVTT captions per locale (`/media/` addresses). */
  captions?: Record<string, string>;
}
export interface SeedCourse {
  id: string;
  category: string;
  ecmCredits: number | null;
  title: Localized;
  summary: Localized;
  description: Localized;
  modules: { title: Localized; sessions: SeedSession[] }[];
}
export interface SeedCategory {
  id: string;
  slug: string;
  name: Localized;
  description: Localized;
}
export interface SeedPage {
  kind: string;
  slug: string;
  title: Localized;
  description: Localized;
  body: Record<string, unknown[]>;
  tiles: Record<string, unknown> | null;
  courses?: string[];
}
export interface SeedBadge {
  id: string;
  icon: string;
  rule: BadgeRule;
  threshold: number;
  name: Localized;
  description: Localized;
}

export const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(SEED_DIR, path), 'utf8')) as T;

export function sql(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  return `'${value.replaceAll("'", "''")}'`;
}
/** A statement of functions/data with its numbered parameters written in as literals. */
export function renderStatement(statement: Statement): string {
  return `${statement.sql.replace(/\?(\d+)/g, (_, n: string) => sql(statement.params[Number(n) - 1]))};\n`;
}
export const row = (...values: (string | number | null | undefined)[]) => `(${values.map(sql).join(', ')})`;
/** D1 refuses statements over 100 KB: rows are grouped into statements of at most ~50 KB. */
export function insert(table: string, columns: string, rows: string[]): string {
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

/** A small deterministic generator, so that every fresh machine gets the same demo history shape. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The courses the demo's history (the learner's 60 days, the cohort's progress) is made of: all
 * but those of SCORM sessions, which every demo user starts fresh (a package keeps its own state).
 */
export function historyCourses(): SeedCourse[] {
  return readJson<{ courses: SeedCourse[] }>('content/courses.json').courses.filter((course) =>
    course.modules.every((module) => module.sessions.every((session) => session.kind !== 'scorm')),
  );
}
