import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';

/**
 * A page's statements' results, read ahead with the session's read (functions/auth/session.ts,
 * SessionRider), and the key naming what they were read for: a page uses them only when the key is
 * the one its own arguments make, and reads for itself otherwise.
 */
export interface ReadAhead {
  key: string;
  results: D1Result[];
}

/** A page's batch: its statements, the key of what they read, and how to read their results. */
export interface PageBatch<T> {
  key: string;
  statements: D1PreparedStatement[];
  read: (results: D1Result[]) => T;
}

/** The batch's reading, from the results read ahead when they were read for this very batch, else from a round trip of its own. */
export async function readPageBatch<T>(db: D1Database, batch: PageBatch<T>, ahead?: ReadAhead): Promise<T> {
  return batch.read(ahead?.key === batch.key ? ahead.results : await db.batch(batch.statements));
}
