import type { D1Result } from '@cloudflare/workers-types';

/**
 * A page's statements' results, read ahead with the session's read (functions/auth/session.ts,
 * SessionRider), and the key naming what they were read for: a page uses them only when the key is
 * the one its own arguments make, and reads for itself otherwise.
 */
export interface ReadAhead {
  key: string;
  results: D1Result[];
}
