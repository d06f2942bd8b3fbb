import { describe, expect, it } from 'vitest';
import { clockTime, nextSession, POSITION_SAVE_INTERVAL_MS, resumeAt, resumeSession, shouldSavePosition, storedPosition } from '../../../core/resume.ts';

describe('the session to continue with', () => {
  const session = (moduleNumber: number, number: number, completedAt: number | null) => ({ moduleNumber, number, completedAt });

  it('is the first one in course order not yet completed, even behind a later completed one', () => {
    expect(nextSession([session(1, 1, 10), session(1, 2, null), session(2, 1, 20), session(2, 2, null)])).toEqual(session(1, 2, null));
    expect(nextSession([session(1, 1, null)])).toEqual(session(1, 1, null));
  });

  it('is none once every session is completed', () => {
    expect(nextSession([session(1, 1, 10), session(1, 2, 12)])).toBeNull();
    expect(nextSession([])).toBeNull();
  });
});

describe('where "resume where you left off" leads', () => {
  const session = (moduleNumber: number, number: number, completedAt: number | null) => ({ moduleNumber, number, completedAt });
  const course = [session(1, 1, null), session(1, 2, 10), session(2, 1, null), session(2, 2, null)];

  it('is the session the learner was on last, while it is not completed, even past earlier open ones', () => {
    expect(resumeSession(course, { moduleNumber: 2, number: 2 })).toEqual(session(2, 2, null));
  });

  it('once that one is completed, is the next open one after it, else the first open one', () => {
    expect(resumeSession(course, { moduleNumber: 1, number: 2 })).toEqual(session(2, 1, null));
    expect(resumeSession([session(1, 1, null), session(1, 2, 10)], { moduleNumber: 1, number: 2 })).toEqual(session(1, 1, null));
  });

  it('is the first open one before any visit, or when the session visited is gone from the course', () => {
    expect(resumeSession(course, null)).toEqual(session(1, 1, null));
    expect(resumeSession(course, { moduleNumber: 3, number: 1 })).toEqual(session(1, 1, null));
  });

  it('is none once every session is completed', () => {
    expect(resumeSession([session(1, 1, 10)], { moduleNumber: 1, number: 1 })).toBeNull();
  });
});

describe('where a video restarts', () => {
  it('is where the learner stopped, in whole seconds', () => {
    expect(resumeAt(42.7, 120)).toBe(42);
    expect(resumeAt(42, null)).toBe(42);
  });

  it('is the beginning when nothing was saved or the learner stopped at either end', () => {
    expect(resumeAt(null, 120)).toBe(0);
    expect(resumeAt(3, 120)).toBe(0);
    expect(resumeAt(117, 120)).toBe(0);
    expect(resumeAt(Number.NaN, 120)).toBe(0);
  });
});

describe('writing the position sparingly', () => {
  const at = (seconds: number, ms: number) => ({ seconds, at: ms });

  it('writes while playing at most once per interval', () => {
    expect(shouldSavePosition(null, at(5, 1_000), 'tick')).toBe(true);
    expect(shouldSavePosition(at(5, 1_000), at(15, 1_000 + POSITION_SAVE_INTERVAL_MS - 1), 'tick')).toBe(false);
    expect(shouldSavePosition(at(5, 1_000), at(25, 1_000 + POSITION_SAVE_INTERVAL_MS), 'tick')).toBe(true);
  });

  it('writes at once on pause and on leaving, unless the video has not moved', () => {
    expect(shouldSavePosition(at(5, 1_000), at(8, 2_000), 'pause')).toBe(true);
    expect(shouldSavePosition(at(5, 1_000), at(9, 2_000), 'leave')).toBe(true);
    expect(shouldSavePosition(at(5, 1_000), at(5.4, 60_000), 'leave')).toBe(false);
  });

  it('stores whole seconds between 0 and a day', () => {
    expect(storedPosition(12.9)).toBe(12);
    expect(storedPosition(-3)).toBe(0);
    expect(storedPosition(10 ** 9)).toBe(86_400);
  });
});

describe('positions as a player shows them', () => {
  it('reads minutes and seconds, and hours past the hour', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(245)).toBe('4:05');
    expect(clockTime(3729)).toBe('1:02:09');
  });
});
