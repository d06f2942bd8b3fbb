import type { Env } from './env.ts';
import { UNCHECKED_SUPPORT_WINDOW_MS } from '../core/support-allowance.ts';
import { purgeUsedChallenges } from './data/auth/bot-check.ts';
import { purgeExpiredFederatedLogins } from './data/auth/federated-logins.ts';
import { refreshSearchIndex } from './data/lms/search-index.ts';
import { forgetUncheckedSenders } from './data/support/requests.ts';
import { purgeExpiredCounters } from './data/auth/throttle.ts';
import { purgePasswordRecords } from './data/auth/passwords.ts';
import { purgeConfirmations } from './data/auth/registrations.ts';
import { purgeEmailChanges } from './data/auth/email-changes.ts';
import { purgeInvitations } from './data/people/invitations.ts';
import { purgeSettledMail } from './data/email/outbox.ts';
import { PASSWORD_WINDOW_MS } from '../core/password-allowance.ts';
import { discardIdleUploads } from './media/idle-uploads.ts';

export interface Housekeeping {
  throttleCounters: number;
  usedChallenges: number;
  federatedLogins: number;
  supportSenders: number;
  passwordRecords: number;
  settledMail: number;
  searchIndex: number;
  mediaUploads: number;
}

/** Sent and failed e-mail stays visible this long (staff see what was sent, when and why not). */
export const SETTLED_MAIL_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/** Courses whose search rows one run rewrites at most; searches rewrite any left over as they come. */
const SEARCH_INDEX_COURSES = 1000;

/**
 * What the Cron Trigger (wrangler.toml `[triggers]`) clears: rows that only ever guarded something
 * for a while. Without it, every unknown user code an attacker tries would stay in D1 for good.
 * Spent password reset, registration confirmation, invitation and address change links and counters go too, and e-mail settled
 * more than 90 days ago, and media uploads abandoned half way, whose parts R2 would otherwise keep.
 * It also brings the catalogue's search index up to date with every changed course text.
 */
export async function runHousekeeping(env: Pick<Env, 'DB' | 'MEDIA'>, now: number): Promise<Housekeeping> {
  const [throttleCounters, usedChallenges, federatedLogins, supportSenders, passwordRecords, settledMail, searchIndex, mediaUploads] = await Promise.all([
    purgeExpiredCounters(env.DB, now),
    purgeUsedChallenges(env.DB, now),
    purgeExpiredFederatedLogins(env.DB, now),
    forgetUncheckedSenders(env.DB, now - UNCHECKED_SUPPORT_WINDOW_MS),
    Promise.all([
      purgePasswordRecords(env.DB, now, PASSWORD_WINDOW_MS),
      purgeConfirmations(env.DB, now),
      purgeInvitations(env.DB, now),
      purgeEmailChanges(env.DB, now),
    ]).then((counts) => counts.reduce((sum, count) => sum + count, 0)),
    purgeSettledMail(env.DB, now - SETTLED_MAIL_KEPT_MS),
    refreshSearchIndex(env.DB, SEARCH_INDEX_COURSES),
    discardIdleUploads(env, now),
  ]);
  return { throttleCounters, usedChallenges, federatedLogins, supportSenders, passwordRecords, settledMail, searchIndex, mediaUploads };
}
