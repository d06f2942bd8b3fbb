import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { emptyMailbox } from './mailbox.ts';

type Migrations = Parameters<typeof applyD1Migrations>[1];

const FTS5_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];

/**
 * Each test file starts from a freshly migrated, empty database. The files of a run share a
 * workerd (vitest's `isolate: false`: one start instead of one per file), so what the file before
 * left is dropped first (triggers, then tables, each after those whose keys point at it) and the
 * migrations applied again, their own rows included. The test mailbox is emptied too.
 */
async function freshDatabase(db: D1Database, migrations: Migrations): Promise<void> {
  const rows = async <T>(sql: string) => (await db.prepare(sql).all<T>()).results;
  const triggers = await rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger'");
  if (triggers.length) await db.batch(triggers.map(({ name }) => db.prepare(`DROP TRIGGER IF EXISTS "${name}"`)));
  const tables = await rows<{ name: string; virtual: number }>(
    "SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  );
  // A full-text (FTS5) table's shadow tables go with it.
  const shadows = new Set(tables.filter((table) => table.virtual).flatMap((table) => FTS5_SHADOWS.map((suffix) => `${table.name}_${suffix}`)));
  let left = tables.map((table) => table.name).filter((name) => !shadows.has(name));
  const parents = new Map<string, Set<string>>();
  for (const name of left) {
    const keys = await rows<{ table: string }>(`SELECT "table" FROM pragma_foreign_key_list('${name}')`);
    parents.set(name, new Set(keys.map((key) => key.table).filter((parent) => parent !== name)));
  }
  while (left.length) {
    const referenced = new Set(left.flatMap((name) => [...(parents.get(name) ?? [])]));
    const now = left.filter((name) => !referenced.has(name));
    if (!now.length) throw new Error(`Tables pointing at each other: ${left.join(', ')}`);
    await db.batch(now.map((name) => db.prepare(`DROP TABLE IF EXISTS "${name}"`)));
    left = left.filter((name) => !now.includes(name));
  }
  await applyD1Migrations(db, migrations);
}

await freshDatabase(env.DB, (env as unknown as { TEST_MIGRATIONS: Migrations }).TEST_MIGRATIONS);
// The mailbox lives in the shared Worker too: a file reads only the mail it caused.
emptyMailbox();
