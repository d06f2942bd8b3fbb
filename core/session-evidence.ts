/**
 * Evidence behind a session's completion: what the server saw, never what the client says.
 * - Every session of a course with a time rule needs visible time tracked on its page (hits the
 *   server credited, functions/data/hits/hits.ts) of at least `share` of its declared duration. A
 *   document is shown on that page, so this is also how long it was kept open.
 * - A video also needs to have been played to its end through positions that advanced no faster
 *   than the server's clock (advanceWatch).
 * One rule for every kind of session, so another kind (a SCORM package) calls the same one.
 */

/** The share of a session's declared duration an ECM course asks for when it says nothing else. */
export const DEFAULT_ECM_TIME_SHARE = 0.8;
/** A report may be this much ahead of the server's clock: requests do not arrive evenly. */
export const WATCH_TOLERANCE_SECONDS = 2;
/** A video counts as played to its end when it reached this close to its declared end. */
export const WATCH_END_SECONDS = 2;

export type SessionKind = 'text' | 'video' | 'document';

export interface WatchState {
  /** The furthest second reached from the start at no more than real speed. */
  watchedTo: number;
  /** The latest position reported and when the server received it (epoch ms). */
  lastSeconds: number;
  lastAt: number;
}

/**
 * The watch state after a position report the server received at `at`. A report counts only when
 * the player moved from a place already watched to this one in no less time than the server saw
 * pass; a jump ahead (a seek, a faster playback rate, a forged report) counts nothing, and the
 * positions after it count only once the learner has watched up to it.
 */
export function advanceWatch(state: WatchState | null, report: { seconds: number; at: number }): WatchState {
  const seconds = Math.max(0, Math.floor(report.seconds));
  if (!state) return { watchedTo: 0, lastSeconds: seconds, lastAt: report.at };
  const elapsed = Math.max(0, report.at - state.lastAt) / 1000;
  const advance = seconds - state.lastSeconds;
  const contiguous = state.lastSeconds <= state.watchedTo + WATCH_TOLERANCE_SECONDS;
  const realTime = advance > 0 && advance <= elapsed + WATCH_TOLERANCE_SECONDS;
  const watchedTo = contiguous && realTime ? Math.max(state.watchedTo, seconds) : state.watchedTo;
  return { watchedTo, lastSeconds: seconds, lastAt: report.at };
}

/** The share a course asks for: its own, else the ECM default for ECM courses, else none. */
export function timeShare(courseShare: number | null, isEcm: boolean): number {
  if (courseShare !== null && Number.isFinite(courseShare)) return Math.min(Math.max(courseShare, 0), 1);
  return isEcm ? DEFAULT_ECM_TIME_SHARE : 0;
}

export interface EvidenceFacts {
  kind: SessionKind;
  declaredSeconds: number;
  share: number;
  trackedMs: number;
  /** A video's watch state, or null when nothing was reported. */
  watch: WatchState | null;
}

export interface SessionEvidence {
  /** Whether the session may count as done. */
  met: boolean;
  requiredMs: number;
  trackedMs: number;
  /** Visible time still missing, in milliseconds (0 when met). */
  missingMs: number;
  /** For a video under a time rule: the seconds to reach, and how far it was watched. */
  video: { requiredSeconds: number; watchedSeconds: number } | null;
}

export function sessionEvidence(facts: EvidenceFacts): SessionEvidence {
  const requiredMs = Math.ceil(Math.max(facts.declaredSeconds, 0) * 1000 * facts.share);
  const trackedMs = Math.max(0, Math.round(facts.trackedMs));
  const missingMs = Math.max(0, requiredMs - trackedMs);
  const video =
    facts.kind === 'video' && facts.share > 0
      ? { requiredSeconds: Math.max(0, facts.declaredSeconds - WATCH_END_SECONDS), watchedSeconds: facts.watch?.watchedTo ?? 0 }
      : null;
  const watched = !video || video.watchedSeconds >= video.requiredSeconds;
  return { met: missingMs === 0 && watched, requiredMs, trackedMs, missingMs, video };
}

/** Whole minutes and seconds of a time still missing, rounded up to the second, for messages. */
export function minutesAndSeconds(ms: number): { minutes: number; seconds: number } {
  const total = Math.ceil(Math.max(ms, 0) / 1000);
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}
