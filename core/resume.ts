/** Resuming a course where the learner left it: which session comes next, where a video restarts. */

import type { SessionRef } from './session-ref.ts';

/** A playing video's position is written at most this often; pausing or leaving writes at once. */
export const POSITION_SAVE_INTERVAL_MS = 20_000;
/** Positions are whole seconds of at most a day: no lesson video is longer. */
export const MAX_POSITION_SECONDS = 86_400;
/** Closer than this to either end, a video starts from the beginning. */
const EDGE_SECONDS = 5;

/** The session to continue with: the first one, in course order, not yet completed; null when all are. */
export function nextSession<T extends Pick<SessionRef, 'moduleNumber' | 'number'> & { completedAt: number | null }>(sessions: readonly T[]): T | null {
  return sessions.find((session) => session.completedAt === null) ?? null;
}

/**
 * Where "resume where you left off" leads: the session the learner was on last while it is not
 * completed; once it is, the next one not completed after it, else the first one not completed;
 * null when all are.
 */
export function resumeSession<T extends Pick<SessionRef, 'moduleNumber' | 'number'> & { completedAt: number | null }>(
  sessions: readonly T[],
  last: Pick<SessionRef, 'moduleNumber' | 'number'> | null,
): T | null {
  const at = last ? sessions.findIndex((session) => session.moduleNumber === last.moduleNumber && session.number === last.number) : -1;
  const after = at < 0 ? null : sessions.slice(at).find((session) => session.completedAt === null);
  return after ?? nextSession(sessions);
}

/** Where a video starts: where the learner stopped, unless that was at its very start or end. */
export function resumeAt(saved: number | null, duration: number | null): number {
  if (saved === null || !Number.isFinite(saved) || saved < EDGE_SECONDS) return 0;
  if (duration !== null && Number.isFinite(duration) && saved > duration - EDGE_SECONDS) return 0;
  return Math.floor(saved);
}

export type SaveReason = 'play' | 'tick' | 'pause' | 'leave';

/**
 * Whether the player writes the position now: always when playing starts (the server times the
 * playing from there), on pause and on leaving the page, and while playing at most every
 * POSITION_SAVE_INTERVAL_MS; never otherwise when it moved less than a second since the last write.
 */
export function shouldSavePosition(last: { seconds: number; at: number } | null, current: { seconds: number; at: number }, reason: SaveReason): boolean {
  if (reason === 'play') return true;
  if (last && Math.abs(current.seconds - last.seconds) < 1) return false;
  if (reason !== 'tick') return true;
  return !last || current.at - last.at >= POSITION_SAVE_INTERVAL_MS;
}

/** A position as stored: whole seconds within the allowed range. */
export function storedPosition(seconds: number): number {
  return Math.min(Math.max(Math.floor(seconds), 0), MAX_POSITION_SECONDS);
}

/** Seconds as a player shows them: '4:05', or '1:02:09' past an hour. */
export function clockTime(seconds: number): string {
  const whole = Math.max(Math.floor(seconds), 0);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
