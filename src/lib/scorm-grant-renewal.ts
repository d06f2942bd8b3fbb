import type { ScormGrant } from '../../core/contracts/scorm.ts';
import { createApiClient } from './api-client.ts';
import type { SessionParam } from './scorm-commits.ts';

/** From this long before its grant expires, a page the learner leaves (hides) renews it at once, unseen. */
export const RENEW_WHEN_HIDDEN_MS = 30 * 60_000;
/** This long before it expires, the grant is renewed whatever the learner is doing: later, the package's next files are refused. */
export const RENEW_AT_LATEST_MS = 2 * 60_000;
/** How often the page looks at the time: timers stand still while a laptop sleeps or the page waits in the back-forward cache. */
const CHECK_EVERY_MS = 60_000;

/**
 * When a grant valid for `validSeconds`, received at `receivedAt` (this browser's clock, epoch ms),
 * is renewed: at `latestAt` whatever happens, from `whenHiddenFrom` as soon as the page is hidden.
 */
export function renewalPlan(validSeconds: number, receivedAt: number): { latestAt: number; whenHiddenFrom: number } {
  const expiresAt = receivedAt + validSeconds * 1000;
  return { latestAt: expiresAt - RENEW_AT_LATEST_MS, whenHiddenFrom: expiresAt - RENEW_WHEN_HIDDEN_MS };
}

interface Options {
  siteId: string;
  locale: string;
  session: SessionParam;
  validSeconds: number;
  onRenewed: (grant: ScormGrant) => void;
}

/**
 * Keeps a session page's package address valid while the page stays open (its grant lasts some
 * hours: functions/scorm/content-grant.ts): a new grant is asked for when the learner hides the page
 * in the last half hour, or two minutes before expiry at the latest, and handed to `onRenewed`,
 * where the player reopens the item from what it saved. The time is this browser's own, counted
 * from the grant's arrival, so a clock set wrong changes nothing; a failed request is tried again at
 * the next look. Returns the function that stops it.
 */
export function keepGrantFresh({ siteId, locale, session, validSeconds, onRenewed }: Options): () => void {
  const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
  const plan = renewalPlan(validSeconds, Date.now());
  let stopped = false;
  let asking = false;
  const renew = async () => {
    asking = true;
    try {
      const grant = await client.post('/lms/course/:courseId/session/:module/:session/scorm/grant', { param: session });
      if (!stopped) onRenewed(grant);
    } catch {
      // Offline or refused: the next look asks again.
    } finally {
      asking = false;
    }
  };
  const look = () => {
    if (stopped || asking) return;
    const now = Date.now();
    if (now >= plan.latestAt || (document.visibilityState === 'hidden' && now >= plan.whenHiddenFrom)) void renew();
  };
  const timer = setInterval(look, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', look);
  window.addEventListener('pageshow', look);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', look);
    window.removeEventListener('pageshow', look);
  };
}
