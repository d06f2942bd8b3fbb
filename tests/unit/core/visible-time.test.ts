import { describe, expect, it } from 'vitest';
import {
  IDLE_CAP_MS,
  LOAD_GAP_MAX_MS,
  parseVisibleTime,
  resumeVisibleTime,
  showVisibleTime,
  startVisibleTime,
  takeVisibleTime,
} from '../../../core/visible-time.ts';

describe('visible time', () => {
  it('counts only while the page is visible', () => {
    let state = startVisibleTime(1_000, true);
    state = takeVisibleTime(state, 11_000, false).state; // hidden after 10 s: taken and sent
    state = showVisibleTime(state, 611_000); // 10 minutes hidden
    expect(takeVisibleTime(state, 616_000, true).ms).toBe(5_000);
  });

  it('takes what was counted once, then starts again', () => {
    const first = takeVisibleTime(startVisibleTime(0, true), 4_000, true);
    expect(first.ms).toBe(4_000);
    expect(takeVisibleTime(first.state, 4_000, true).ms).toBe(0);
  });

  it('a hidden page counts nothing until shown', () => {
    const state = startVisibleTime(0, false);
    expect(takeVisibleTime(state, 60_000, false).ms).toBe(0);
    expect(takeVisibleTime(showVisibleTime(state, 60_000), 63_000, true).ms).toBe(3_000);
  });

  it('caps a hit at the idle limit', () => {
    expect(takeVisibleTime(startVisibleTime(0, true), 5 * IDLE_CAP_MS, true).ms).toBe(IDLE_CAP_MS);
  });

  it('a full load carries the short gap since the previous page was left, not a long one', () => {
    const left = { pendingMs: 0, visibleSince: null, leftAt: 10_000 };
    expect(resumeVisibleTime(left, 10_800, true).pendingMs).toBe(800);
    expect(resumeVisibleTime(left, 10_000 + LOAD_GAP_MAX_MS + 1, true).pendingMs).toBe(0);
    expect(resumeVisibleTime(left, 10_800, false).pendingMs).toBe(0);
    expect(resumeVisibleTime(null, 10_800, true)).toEqual({ pendingMs: 0, visibleSince: 10_800, leftAt: null });
  });

  it('reads only a well-formed saved state', () => {
    expect(parseVisibleTime('{"pendingMs":5,"visibleSince":null,"leftAt":7}')).toEqual({ pendingMs: 5, visibleSince: null, leftAt: 7 });
    for (const text of [null, '', 'x', '{}', '{"pendingMs":"5","visibleSince":null,"leftAt":null}', '{"pendingMs":1,"visibleSince":"a","leftAt":null}']) {
      expect(parseVisibleTime(text)).toBeNull();
    }
  });
});
