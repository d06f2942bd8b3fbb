import type { D1Database } from '@cloudflare/workers-types';

export interface Edition {
  courseId: string;
  number: number;
  startsOn: string;
  endsOn: string;
  hours: number;
  creditTenths: number;
  objectiveId: number;
  tipologia: number;
  eventType: 'E' | 'P';
  reportedAt: number | null;
  /** The registry codes of the disciplines the edition is accredited for. */
  disciplines: string[];
}

const COLUMNS = `e.course_id AS courseId, e.number, e.starts_on AS startsOn, e.ends_on AS endsOn, e.hours, e.credit_tenths AS creditTenths,
  e.objective_id AS objectiveId, e.tipologia, e.event_type AS eventType, e.reported_at AS reportedAt,
  (SELECT group_concat(d.discipline_id, ',') FROM ecm_edition_discipline d WHERE d.course_id = e.course_id AND d.edition = e.number) AS disciplines`;

type Row = Omit<Edition, 'disciplines'> & { disciplines: string | null };
const edition = ({ disciplines, ...row }: Row): Edition => ({ ...row, disciplines: disciplines ? disciplines.split(',').sort() : [] });

/** A course's editions, in order. */
export async function listEditions(db: D1Database, courseId: string): Promise<Edition[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM ecm_edition e WHERE e.course_id = ? ORDER BY e.number`).bind(courseId).all<Row>();
  return results.map(edition);
}

/** The edition open on a Europe/Rome day (editions of a course never overlap), or null. */
export async function editionOn(db: D1Database, courseId: string, day: string): Promise<Edition | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM ecm_edition e WHERE e.course_id = ? AND e.starts_on <= ?2 AND e.ends_on >= ?2`)
    .bind(courseId, day)
    .first<Row>();
  return row ? edition(row) : null;
}

export async function findEdition(db: D1Database, courseId: string, number: number): Promise<Edition | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM ecm_edition e WHERE e.course_id = ? AND e.number = ?`).bind(courseId, number).first<Row>();
  return row ? edition(row) : null;
}

/** Writes an edition, its accredited disciplines and its sponsor-recruited participants in one batch (replacing what it had). */
export async function saveEdition(db: D1Database, value: Omit<Edition, 'reportedAt'>, recruits: Recruit[]): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO ecm_edition (course_id, number, starts_on, ends_on, hours, credit_tenths, objective_id, tipologia, event_type)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (course_id, number) DO UPDATE SET starts_on = excluded.starts_on, ends_on = excluded.ends_on, hours = excluded.hours,
           credit_tenths = excluded.credit_tenths, objective_id = excluded.objective_id, tipologia = excluded.tipologia, event_type = excluded.event_type`,
      )
      .bind(value.courseId, value.number, value.startsOn, value.endsOn, value.hours, value.creditTenths, value.objectiveId, value.tipologia, value.eventType),
    db.prepare('DELETE FROM ecm_edition_discipline WHERE course_id = ? AND edition = ?').bind(value.courseId, value.number),
    ...value.disciplines.map((discipline) =>
      db.prepare('INSERT INTO ecm_edition_discipline (course_id, edition, discipline_id) VALUES (?, ?, ?)').bind(value.courseId, value.number, discipline),
    ),
    db.prepare('DELETE FROM ecm_recruit WHERE course_id = ? AND edition = ?').bind(value.courseId, value.number),
    ...recruits.map((recruit) =>
      db
        .prepare('INSERT INTO ecm_recruit (course_id, edition, fiscal_code, sponsor) VALUES (?, ?, ?, ?)')
        .bind(value.courseId, value.number, recruit.fiscalCode, recruit.sponsor),
    ),
  ]);
}

/** Records that staff took the edition's registry report. */
export async function markReported(db: D1Database, courseId: string, number: number, now: number): Promise<void> {
  await db.prepare('UPDATE ecm_edition SET reported_at = ? WHERE course_id = ? AND number = ?').bind(now, courseId, number).run();
}

/** Which of the codes are the registry's disciplines (one JSON parameter: an edition may name all 102, over D1's 100 bound values). */
export async function knownDisciplines(db: D1Database, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const { results } = await db
    .prepare('SELECT id FROM ecm_discipline WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(codes))
    .all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

export async function objectiveExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM ecm_objective WHERE id = ?').bind(id).first()) !== null;
}

export async function listObjectives(db: D1Database): Promise<{ id: number; name: string }[]> {
  const { results } = await db.prepare('SELECT id, name FROM ecm_objective ORDER BY id').all<{ id: number; name: string }>();
  return results;
}

export interface Recruit {
  fiscalCode: string;
  sponsor: string;
}

export async function listRecruits(db: D1Database, courseId: string, edition: number): Promise<Recruit[]> {
  const { results } = await db
    .prepare('SELECT fiscal_code AS fiscalCode, sponsor FROM ecm_recruit WHERE course_id = ? AND edition = ? ORDER BY fiscal_code')
    .bind(courseId, edition)
    .all<Recruit>();
  return results;
}
