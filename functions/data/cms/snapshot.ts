import type { D1Database } from '@cloudflare/workers-types';

/**
 * The tables the pre-rendered pages read (page context, content pages, catalogue), parents
 * before children so that the rows load under D1's foreign keys. Nothing about people (users,
 * tokens, hits, events, drafts, support requests) is in it: a snapshot leaves the Worker.
 */
export const SNAPSHOT_TABLES = [
  'site',
  'locale',
  'boilerplate',
  'category',
  'category_text',
  'course',
  'course_text',
  'module',
  'module_text',
  'session',
  'session_text',
  'page',
  'page_course',
] as const;

export type SnapshotValue = string | number | null;
export type SnapshotRow = Record<string, SnapshotValue>;
export interface ContentSnapshot {
  tables: Record<string, SnapshotRow[]>;
}

/**
 * The published content as rows, every column: the builder's schema may be newer than the live
 * one (migrations run before the build), so the rows name their columns rather than assume them.
 */
export async function readContentSnapshot(db: D1Database): Promise<ContentSnapshot> {
  // One batch is one transaction: a publish landing meanwhile cannot leave texts without their course.
  const results = await db.batch<SnapshotRow>(SNAPSHOT_TABLES.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY rowid`)));
  const tables: Record<string, SnapshotRow[]> = {};
  SNAPSHOT_TABLES.forEach((table, index) => (tables[table] = results[index]?.results ?? []));
  return { tables };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function literal(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`Snapshot value of an unexpected type: ${typeof value}`);
}

/**
 * The SQL that loads a snapshot into a freshly migrated database (scripts/build-from-live.mjs).
 * The snapshot crossed the network: only the known tables, plain column names and scalar values
 * become SQL, anything else stops the build.
 */
export function snapshotStatements(snapshot: ContentSnapshot): string[] {
  const unknown = Object.keys(snapshot.tables).filter((table) => !(SNAPSHOT_TABLES as readonly string[]).includes(table));
  if (unknown.length > 0) throw new Error(`Snapshot names unknown tables: ${unknown.join(', ')}`);
  const statements: string[] = [];
  for (const table of SNAPSHOT_TABLES) {
    for (const row of snapshot.tables[table] ?? []) {
      const columns = Object.keys(row);
      const wrong = columns.find((column) => !IDENTIFIER.test(column));
      if (wrong !== undefined) throw new Error(`Snapshot column name refused: ${JSON.stringify(wrong)}`);
      statements.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => literal(row[column])).join(', ')});`);
    }
  }
  return statements;
}
