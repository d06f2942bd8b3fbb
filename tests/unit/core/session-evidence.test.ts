import { describe, expect, it } from 'vitest';
import { advanceWatch, sessionEvidence, timeShare, type WatchState } from '../../../core/session-evidence.ts';
import { sessionAddress } from '../../../core/hit.ts';

const play = (reports: [number, number][]): WatchState | null =>
  reports.reduce<WatchState | null>((state, [seconds, at]) => advanceWatch(state, { seconds, at: at * 1000 }), null);

describe('advanceWatch', () => {
  it('counts positions that advance from the start at real speed', () => {
    expect(
      play([
        [0, 0],
        [20, 20],
        [40, 40],
      ])?.watchedTo,
    ).toBe(40);
  });
  it('counts nothing of a jump ahead or of playing faster than real time, and nothing after a jump until it is caught up', () => {
    expect(
      play([
        [0, 0],
        [100, 10],
      ])?.watchedTo,
    ).toBe(0);
    expect(
      play([
        [0, 0],
        [40, 20],
      ])?.watchedTo,
    ).toBe(0);
    expect(
      play([
        [0, 0],
        [20, 20],
        [200, 25],
        [220, 45],
      ])?.watchedTo,
    ).toBe(20);
    // Back to what was watched, then on at real speed.
    expect(
      play([
        [0, 0],
        [20, 20],
        [200, 25],
        [20, 30],
        [40, 50],
      ])?.watchedTo,
    ).toBe(40);
  });
  it('allows a report two seconds early, since requests do not arrive evenly', () => {
    expect(
      play([
        [0, 0],
        [22, 20],
      ])?.watchedTo,
    ).toBe(22);
    expect(
      play([
        [0, 0],
        [23, 20],
      ])?.watchedTo,
    ).toBe(0);
  });
});

describe('sessionEvidence', () => {
  it('asks a share of the declared duration as visible time, and tells what is missing', () => {
    expect(sessionEvidence({ kind: 'text', declaredSeconds: 600, share: 0.8, trackedMs: 300_000, watch: null })).toEqual({
      met: false,
      requiredMs: 480_000,
      trackedMs: 300_000,
      missingMs: 180_000,
      video: null,
    });
    expect(sessionEvidence({ kind: 'document', declaredSeconds: 600, share: 0.8, trackedMs: 480_000, watch: null }).met).toBe(true);
  });
  it('asks a video to be watched to its end as well', () => {
    const watched = (watchedTo: number) =>
      sessionEvidence({ kind: 'video', declaredSeconds: 36, share: 0.8, trackedMs: 36_000, watch: { watchedTo, lastSeconds: watchedTo, lastAt: 0 } });
    expect(watched(20).met).toBe(false);
    expect(watched(34)).toMatchObject({ met: true, video: { requiredSeconds: 34, watchedSeconds: 34 } });
  });
  it('asks nothing where the course has no time rule', () => {
    expect(sessionEvidence({ kind: 'video', declaredSeconds: 36, share: timeShare(null, false), trackedMs: 0, watch: null }).met).toBe(true);
    expect(timeShare(null, true)).toBe(0.8);
    expect(timeShare(0.5, true)).toBe(0.5);
  });
});

describe('sessionAddress', () => {
  it('reads a session only from a session page address', () => {
    expect(sessionAddress('/it-IT/course/session/bls-d-adulto/2/1')).toEqual({ course: 'bls-d-adulto', module: 2, session: 1 });
    expect(sessionAddress('/it-IT/course/bls-d-adulto')).toBeNull();
    expect(sessionAddress('/it-IT/course/session/bls-d-adulto/0/1')).toBeNull();
    expect(sessionAddress('/it-IT/course/session/Not_Valid/1/1')).toBeNull();
    expect(sessionAddress('/it-IT/course/session/bls-d-adulto/1.5/1')).toBeNull();
  });
});
