/**
 * The visible time of the page a tab shows, as the hit beacon counts it. Only time while the tab
 * is visible counts; a navigation or a hide takes what was counted and starts again from zero.
 * The state is plain data so the beacon can keep it in sessionStorage across full page loads.
 */

/** No hit claims more than half an hour: a tab left open on a page is not learning time. */
export const IDLE_CAP_MS = 30 * 60 * 1000;
/** A full page load's gap (unload of one page to the start of the next) counts up to this. */
export const LOAD_GAP_MAX_MS = 15_000;

export interface VisibleTime {
  /** Visible milliseconds counted and not yet sent. */
  pendingMs: number;
  /** When the page last became visible (epoch ms), or null while it is hidden. */
  visibleSince: number | null;
  /** When the previous page of the tab was left (pagehide), so the next one counts the gap. */
  leftAt: number | null;
}

export function startVisibleTime(now: number, visible: boolean): VisibleTime {
  return { pendingMs: 0, visibleSince: visible ? now : null, leftAt: null };
}

/**
 * The state of a page just loaded in a tab that showed another page before (full load, reload):
 * the time between leaving that page and this one's start was spent looking at the tab, so it
 * counts, within LOAD_GAP_MAX_MS; a hidden tab (opened in the background) starts counting when shown.
 */
export function resumeVisibleTime(saved: VisibleTime | null, now: number, visible: boolean): VisibleTime {
  const state = startVisibleTime(now, visible);
  if (!saved || !visible) return state;
  const gap = saved.leftAt === null ? 0 : now - saved.leftAt;
  const carried = gap > 0 && gap <= LOAD_GAP_MAX_MS ? gap : 0;
  return { ...state, pendingMs: Math.min(saved.pendingMs + carried, IDLE_CAP_MS) };
}

export function showVisibleTime(state: VisibleTime, now: number): VisibleTime {
  return state.visibleSince === null ? { ...state, visibleSince: now } : state;
}

/** Takes the counted time (capped) and starts counting again; `visible` is whether the page still is. */
export function takeVisibleTime(state: VisibleTime, now: number, visible: boolean): { ms: number; state: VisibleTime } {
  const running = state.visibleSince === null ? 0 : Math.max(now - state.visibleSince, 0);
  const ms = Math.min(Math.round(state.pendingMs + running), IDLE_CAP_MS);
  return { ms, state: { pendingMs: 0, visibleSince: visible ? now : null, leftAt: state.leftAt } };
}

/** Reads a saved state, or null when it is missing or not ours. */
export function parseVisibleTime(text: string | null): VisibleTime | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<VisibleTime>;
    const isTime = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v));
    if (typeof value.pendingMs !== 'number' || !Number.isFinite(value.pendingMs) || !isTime(value.visibleSince) || !isTime(value.leftAt)) return null;
    return { pendingMs: Math.max(value.pendingMs, 0), visibleSince: value.visibleSince, leftAt: value.leftAt };
  } catch {
    return null;
  }
}
