import { buildHit, sessionIdentity } from '../../core/hit.ts';

let started = false;
let previousAt = 0;

/**
 * One hit per navigation: Astro's client router fires `astro:page-load` once for the first load
 * and once after every navigation, so the first server-rendered page is counted once, not twice.
 */
export function startHitBeacon(): void {
  if (started) return;
  started = true;
  document.addEventListener('astro:page-load', () => {
    const now = performance.now();
    const ms = previousAt === 0 ? 0 : Math.round(now - previousAt);
    previousAt = now;
    const root = document.documentElement;
    const body = buildHit({
      path: location.pathname,
      ms,
      ua: navigator.userAgent,
      identity: sessionIdentity(sessionStorage),
    });
    void fetch('/api/event/hit', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        'tiles-site-id': root.dataset.siteId ?? 'not-set',
        'tiles-locale-code': root.dataset.locale ?? root.lang,
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  });
}
