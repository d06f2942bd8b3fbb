import type { Env } from './env.ts';
import { UNCHECKED_SUPPORT_WINDOW_MS } from '../core/support-allowance.ts';
import { purgeUsedChallenges } from './data/auth/bot-check.ts';
import { purgeExpiredFederatedLogins } from './data/auth/federated-logins.ts';
import { refreshSearchIndex } from './data/lms/search-index.ts';
import { forgetUncheckedSenders } from './data/support/requests.ts';
import { purgeExpiredCounters } from './data/auth/throttle.ts';

export interface Housekeeping {
  throttleCounters: number;
  usedChallenges: number;
  federatedLogins: number;
  supportSenders: number;
  searchIndex: number;
}

/** Courses whose search rows one run rewrites at most; searches rewrite any left over as they come. */
const SEARCH_INDEX_COURSES = 1000;

/**
 * What the Cron Trigger (wrangler.toml `[triggers]`) clears: rows that only ever guarded something
 * for a while. Without it, every unknown user code an attacker tries would stay in D1 for good.
 * It also brings the catalogue's search index up to date with every changed course text.
 */
export async function runHousekeeping(env: Pick<Env, 'DB'>, now: number): Promise<Housekeeping> {
  const [throttleCounters, usedChallenges, federatedLogins, supportSenders, searchIndex] = await Promise.all([
    purgeExpiredCounters(env.DB, now),
    purgeUsedChallenges(env.DB, now),
    purgeExpiredFederatedLogins(env.DB, now),
    forgetUncheckedSenders(env.DB, now - UNCHECKED_SUPPORT_WINDOW_MS),
    refreshSearchIndex(env.DB, SEARCH_INDEX_COURSES),
  ]);
  return { throttleCounters, usedChallenges, federatedLogins, supportSenders, searchIndex };
}
