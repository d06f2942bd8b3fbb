import type { D1Database } from '@cloudflare/workers-types';
import { indexTerms } from '../../../core/search-terms.ts';

/**
 * Keeps the catalogue's full-text index (migration 0019) current. Triggers note every change to a
 * course's searchable text in `course_search_dirty`; this rewrites the index rows of the courses
 * noted there, their words stemmed in each text's language (core/search-terms.ts). It runs before
 * every search (one indexed read when nothing changed), from the hourly Cron Trigger and after
 * the seed (scripts/prepare-db.mjs).
 */

/** Courses rewritten per round: their texts and stems stay well within one D1 batch. */
const ROUND = 20;
/** A round stops adding courses past this much JSON (D1 takes strings up to 2 MB). */
const ROUND_BYTES = 1_000_000;

const NOTED = `SELECT course_id AS courseId, max(id) AS mark FROM course_search_dirty GROUP BY course_id ORDER BY course_id LIMIT ?1`;
/** The same courses as NOTED, in the same transaction. */
const CHOSEN = `(SELECT DISTINCT course_id FROM course_search_dirty ORDER BY course_id LIMIT ?1)`;
// What is searchable: the texts of courses, modules and sessions that are part of the catalogue.
const COURSE_TEXTS = `SELECT t.course_id AS courseId, t.locale, t.title, t.summary, t.description, s.default_locale AS defaultLocale
  FROM course_text t JOIN course c ON c.id = t.course_id JOIN site s ON s.id = c.site_id
  WHERE t.course_id IN ${CHOSEN} AND c.withdrawn_at IS NULL`;
const MODULE_TITLES = `SELECT t.course_id AS courseId, t.number AS module, 0 AS number, t.locale, t.title
  FROM module_text t JOIN module m ON m.course_id = t.course_id AND m.number = t.number
  WHERE t.course_id IN ${CHOSEN} AND m.removed_at IS NULL`;
const SESSION_TITLES = `SELECT t.course_id AS courseId, t.module_number AS module, t.number, t.locale, t.title
  FROM session_text t
  JOIN session s ON s.course_id = t.course_id AND s.module_number = t.module_number AND s.number = t.number
  JOIN module m ON m.course_id = s.course_id AND m.number = s.module_number
  WHERE t.course_id IN ${CHOSEN} AND s.removed_at IS NULL AND m.removed_at IS NULL`;

/**
 * Of the courses read (?1: JSON [course, mark] pairs, the mark being the newest note read), those
 * the index does not already hold as recently: a refresh that read a course before another one
 * wrote it leaves it alone rather than put older text back.
 */
const BEHIND = `SELECT j.value ->> 0 FROM json_each(?1) j
  WHERE NOT EXISTS (SELECT 1 FROM course_search_indexed i WHERE i.course_id = j.value ->> 0 AND i.mark >= j.value ->> 1)`;
const DELETE_INDEXED = `DELETE FROM course_search WHERE rowid IN (SELECT id FROM course_search_row WHERE course_id IN (${BEHIND}))`;
const DELETE_ROWS = `DELETE FROM course_search_row WHERE course_id IN (${BEHIND})`;
// ?2: JSON rows {course, locale, title, summary, description, outline}.
const INSERT_ROWS = `INSERT INTO course_search_row (course_id, locale)
  SELECT j.value ->> '$.course', j.value ->> '$.locale' FROM json_each(?2) j WHERE j.value ->> '$.course' IN (${BEHIND})`;
const INSERT_INDEXED = `INSERT INTO course_search (rowid, title, summary, description, outline)
  SELECT r.id, j.value ->> '$.title', j.value ->> '$.summary', j.value ->> '$.description', j.value ->> '$.outline'
  FROM json_each(?2) j JOIN course_search_row r ON r.course_id = j.value ->> '$.course' AND r.locale = j.value ->> '$.locale'
  WHERE r.course_id IN (${BEHIND})`;
const RECORD_MARKS = `INSERT INTO course_search_indexed (course_id, mark)
  SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?1) j WHERE j.value ->> 0 IN (${BEHIND})
  ON CONFLICT (course_id) DO UPDATE SET mark = excluded.mark`;
// A change noted after the read keeps its note: the next refresh writes it.
const CLEAR_NOTES = `DELETE FROM course_search_dirty
  WHERE id <= (SELECT j.value ->> 1 FROM json_each(?1) j WHERE j.value ->> 0 = course_search_dirty.course_id)`;

interface Noted {
  courseId: string;
  mark: number;
}
interface CourseText {
  courseId: string;
  locale: string;
  title: string;
  summary: string;
  description: string;
  defaultLocale: string;
}
interface OutlineTitle {
  courseId: string;
  module: number;
  /** 0 for a module's own title. */
  number: number;
  locale: string;
  title: string;
}
interface IndexRow {
  course: string;
  locale: string;
  title: string;
  summary: string;
  description: string;
  outline: string;
}

const terms = (text: string, locale: string) => indexTerms(text, locale).join(' ');

/**
 * The module and session titles a visitor reading `locale` sees, in course order: each in that
 * locale, or else in the default one, stemmed in the language it is written in.
 */
function outline(titles: OutlineTitle[], locale: string, defaultLocale: string): string {
  const inOrder = [...titles].sort((a, b) => a.module - b.module || a.number - b.number);
  const places = new Map<string, OutlineTitle[]>();
  for (const title of inOrder) {
    const place = `${title.module}.${title.number}`;
    places.set(place, [...(places.get(place) ?? []), title]);
  }
  return [...places.values()]
    .flatMap((translations) => {
      const shown = translations.find((title) => title.locale === locale) ?? translations.find((title) => title.locale === defaultLocale);
      return shown ? [terms(shown.title, shown.locale)] : [];
    })
    .join(' ');
}

/** The index rows of one round's courses, at least one course and as many as fit ROUND_BYTES. */
function indexRows(noted: Noted[], texts: CourseText[], titles: OutlineTitle[]): { marks: Noted[]; rows: IndexRow[] } {
  const marks: Noted[] = [];
  const rows: IndexRow[] = [];
  let bytes = 0;
  for (const entry of noted) {
    const courseTitles = titles.filter((title) => title.courseId === entry.courseId);
    const courseRows = texts
      .filter((text) => text.courseId === entry.courseId)
      .map((text) => ({
        course: text.courseId,
        locale: text.locale,
        title: terms(text.title, text.locale),
        summary: terms(text.summary, text.locale),
        description: terms(text.description, text.locale),
        outline: outline(courseTitles, text.locale, text.defaultLocale),
      }));
    const size = JSON.stringify(courseRows).length;
    if (marks.length > 0 && bytes + size > ROUND_BYTES) break;
    marks.push(entry);
    rows.push(...courseRows);
    bytes += size;
  }
  return { marks, rows };
}

/** Settles up to `limit` noted courses (their rows rewritten unless a newer refresh wrote them): how many, and whether others are noted. */
async function refreshRound(db: D1Database, limit: number): Promise<{ settled: number; more: boolean }> {
  const first = await db.prepare(NOTED).bind(limit).all<Noted>();
  if (first.results.length === 0) return { settled: 0, more: false };
  const [noted, texts, modules, sessions] = await db.batch<Record<string, unknown>>([
    db.prepare(NOTED).bind(limit),
    db.prepare(COURSE_TEXTS).bind(limit),
    db.prepare(MODULE_TITLES).bind(limit),
    db.prepare(SESSION_TITLES).bind(limit),
  ]);
  const read = (noted?.results ?? []) as unknown as Noted[];
  const { marks, rows } = indexRows(
    read,
    (texts?.results ?? []) as unknown as CourseText[],
    [...(modules?.results ?? []), ...(sessions?.results ?? [])] as unknown as OutlineTitle[],
  );
  const pairs = JSON.stringify(marks.map((mark) => [mark.courseId, mark.mark]));
  const written = JSON.stringify(rows);
  // One transaction: the index rows, the mark they are up to, and the notes they settle.
  await db.batch([
    db.prepare(DELETE_INDEXED).bind(pairs),
    db.prepare(DELETE_ROWS).bind(pairs),
    db.prepare(INSERT_ROWS).bind(pairs, written),
    db.prepare(INSERT_INDEXED).bind(pairs, written),
    db.prepare(RECORD_MARKS).bind(pairs),
    db.prepare(CLEAR_NOTES).bind(pairs),
  ]);
  return { settled: marks.length, more: read.length === limit || marks.length < read.length };
}

/**
 * Brings the index rows of up to `atMost` changed courses up to date, at most ROUND courses at a
 * time; answers how many noted courses it settled.
 */
export async function refreshSearchIndex(db: D1Database, atMost = ROUND): Promise<number> {
  let done = 0;
  while (done < atMost) {
    const { settled, more } = await refreshRound(db, Math.min(ROUND, atMost - done));
    done += settled;
    if (!more) break;
  }
  return done;
}
