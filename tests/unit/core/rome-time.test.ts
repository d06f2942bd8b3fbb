import { describe, expect, it } from 'vitest';
import { romeDayHour, romeDayStart } from '../../../core/rome-time.ts';

describe('romeDayStart', () => {
  it('is the instant a Rome day begins, in winter (UTC+1) and in summer time (UTC+2)', () => {
    expect(new Date(romeDayStart('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(romeDayStart('2026-07-15')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('holds on the days the clocks change', () => {
    for (const day of ['2026-03-29', '2026-10-25']) {
      const start = romeDayStart(day);
      expect(romeDayHour(start)).toEqual({ day, hour: 0 });
      expect(romeDayHour(start - 1).day).not.toBe(day);
    }
  });
});
