import { describe, expect, it } from 'vitest';
import { calendarDayFormat, romeDayHour, romeDayStart } from '../../../core/rome-time.ts';

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

describe('calendarDayFormat', () => {
  it('writes a calendar day as the reader does, the same day whatever the time zone', () => {
    expect(calendarDayFormat('it-IT')('2026-01-01')).toBe('1 gen 2026');
    expect(calendarDayFormat('en-US')('2026-12-31')).toBe('Dec 31, 2026');
    expect(calendarDayFormat('de-DE', { day: 'numeric', month: 'short' })('2026-03-09')).toBe('9. März');
  });
});
