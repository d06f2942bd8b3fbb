import type { ScormGrant } from '../../core/contracts/scorm.ts';
import { createApiClient } from './api-client.ts';
import type { SessionParam } from './scorm-commits.ts';

/** From this long before its grant expires, a page the learner leaves (hides) renews it at once, unseen. */
export const RENEW_WHEN_HIDDEN_MS = 30 * 60_000;
/** This long before it expires, the grant is renewed whatever the learner is doing: later, the package's next files are refused. */
export const RENEW_AT_LATEST_MS = 2 * 60_000;

/**
 * When a grant expiring at `expires` (seconds since the epoch) is renewed, from `nowMs`: in how many
 * milliseconds at the latest, and from when (epoch ms) as soon as the page is hidden.
 */
export function renewalTimes(expires: number, nowMs: number): { latestInMs: number; whenHiddenFrom: number } {
  const expiresMs = expires * 1000;
  return { latestInMs: Math.max(0, expiresMs - RENEW_AT_LATEST_MS - nowMs), whenHiddenFrom: expiresMs - RENEW_WHEN_HIDDEN_MS };
}

interface Options {
  siteId: string;
  locale: string;
  session: SessionParam;
  expires: number;
  onRenewed: (grant: ScormGrant) => void;
}

/**
 * Keeps a session page's package address valid while the page stays open (its grant lasts some
 * hours: functions/scorm/content-grant.ts): a new grant is asked for when the learner hides the page
 * in the last half hour, or two minutes before expiry at the latest, and handed to `onRenewed`,
 * where the player reopens the item from what it saved. A failed request is tried again a minute
 * later. Returns the function that stops it.
 */
export function keepGrantFresh({ siteId, locale, session, expires, onRenewed }: Options): () => void {
  const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
  const { latestInMs, whenHiddenFrom } = renewalTimes(expires, Date.now());
  let stopped = false;
  let asking = false;
  let timer = setTimeout(() => void renew(), latestInMs);
  const renew = async () => {
    if (stopped || asking) return;
    asking = true;
    try {
      const grant = await client.post('/lms/course/:courseId/session/:module/:session/scorm/grant', { param: session });
      if (!stopped) onRenewed(grant);
    } catch {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(() => void renew(), 60_000);
    } finally {
      asking = false;
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden' && Date.now() >= whenHiddenFrom) void renew();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
