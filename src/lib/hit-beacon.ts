import { buildHit, sessionIdentity } from '../../core/hit.ts';
import { API_PREFIX } from '../../core/api-prefix.ts';
import type { ApiJson, ApiPath } from './api-types.ts';
import { parseVisibleTime, resumeVisibleTime, showVisibleTime, startVisibleTime, takeVisibleTime, type VisibleTime } from '../../core/visible-time.ts';

/** The hit call, checked against the route table; built by hand so every public page need not load the URL helper. */
const HIT_PATH: ApiPath<'POST'> = '/event/hit';

const STATE_KEY = 'tiles-visible-time';

let started = false;
let clock: VisibleTime;
let firstLoad = true;

const isVisible = () => document.visibilityState === 'visible';

function save(): void {
  try {
    sessionStorage.setItem(STATE_KEY, JSON.stringify(clock));
  } catch {
    // Storage full or blocked: the time of this page is still sent, only the load gap is lost.
  }
}

function send(ms: number): void {
  const root = document.documentElement;
  const body: ApiJson<'POST', '/event/hit'> = buildHit({ path: location.pathname, ms, ua: navigator.userAgent, identity: sessionIdentity(sessionStorage) });
  // keepalive: the request outlives the page when it is sent from pagehide or a hidden tab.
  void fetch(`${API_PREFIX}${HIT_PATH}`, {
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
}

/** Sends what the page has counted so far, if anything: the tab is being hidden or left. */
function flush(): void {
  const taken = takeVisibleTime(clock, Date.now(), false);
  clock = taken.state;
  if (taken.ms > 0) send(taken.ms);
  save();
}

/**
 * Takes the time the page counted since its last hit, for a request that the server credits as
 * this page's hit (completing a session), with the tab's identity. Null before the beacon runs.
 */
export function takePageTime(): { identity: string; ms: number } | null {
  if (!started) return null;
  const taken = takeVisibleTime(clock, Date.now(), isVisible());
  clock = taken.state;
  save();
  return { identity: sessionIdentity(sessionStorage), ms: taken.ms };
}

/**
 * Learning time is the time a page was visible. One hit per navigation carries the visible time
 * since the previous one (Astro's `astro:page-load` fires for the first load and after every
 * client-router navigation); hiding or leaving the tab sends what was counted, so the last page's
 * time is not lost, and hidden time never counts. The state lives in sessionStorage, so a full
 * load or a reload carries on where the previous page of the tab stopped.
 */
export function startHitBeacon(): void {
  if (started) return;
  started = true;
  clock = resumeVisibleTime(parseVisibleTime(sessionStorage.getItem(STATE_KEY)), Date.now(), isVisible());
  document.addEventListener('astro:page-load', () => {
    // The document's first page-load hit carries only what the previous page of the tab left
    // (nothing in a new tab); the page's own time starts now that it is shown.
    const taken = firstLoad
      ? { ms: Math.round(clock.pendingMs), state: startVisibleTime(Date.now(), isVisible()) }
      : takeVisibleTime(clock, Date.now(), isVisible());
    firstLoad = false;
    clock = { ...taken.state, leftAt: null };
    save();
    send(taken.ms);
  });
  document.addEventListener('visibilitychange', () => {
    if (isVisible()) {
      clock = showVisibleTime(clock, Date.now());
      save();
    } else flush();
  });
  window.addEventListener('pagehide', () => {
    flush();
    clock = { ...clock, leftAt: Date.now() };
    save();
  });
  // A page restored from the back/forward cache fires no astro:page-load: it simply counts again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && isVisible()) {
      clock = showVisibleTime({ ...clock, leftAt: null }, Date.now());
      save();
    }
  });
}
