import { describe, expect, it } from 'vitest';
import { formatTimeSpent, parseDuration, sumDurations, totalDuration } from '../../../core/duration.ts';

describe('durations', () => {
  it("parse 'h m s' strings into [hours, minutes, seconds]", () => {
    expect(parseDuration('1h 20m 5s')).toEqual([1, 20, 5]);
    expect(parseDuration('45m')).toEqual([0, 45, 0]);
    expect(parseDuration('')).toEqual([0, 0, 0]);
  });

  it('sum with carry at 60', () => {
    expect(
      sumDurations([
        [0, 50, 40],
        [0, 20, 30],
      ]),
    ).toEqual([1, 11, 10]);
    expect(totalDuration(['0h 59m 59s', '0h 0m 1s'])).toBe('1h 0m 0s');
    expect(totalDuration(['1h 50m 0s', '0h 20m 30s'])).toBe('2h 10m 30s');
  });

  it("show time spent as 'H Min'", () => {
    expect(formatTimeSpent(3_900_000)).toBe('1 h 5 min');
    expect(formatTimeSpent(59_999)).toBe('0 h 0 min');
  });
});
