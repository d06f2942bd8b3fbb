import { describe, expect, it } from 'vitest';
import { daysBetween, romeDayHour, weekdayOf } from '../../../core/rome-time.ts';
import { busiestDay } from '../../../core/stats.ts';
import { SAMPLE_STATS } from '../stats-sample.ts';

describe('Europe/Rome time', () => {
  it('puts late UTC evenings on the next Rome day, in winter and summer time', () => {
    expect(romeDayHour(Date.parse('2026-01-15T23:30:00Z'))).toEqual({ day: '2026-01-16', hour: 0 });
    expect(romeDayHour(Date.parse('2026-07-15T22:30:00Z'))).toEqual({ day: '2026-07-16', hour: 0 });
    expect(romeDayHour(Date.parse('2026-07-15T21:59:00Z'))).toEqual({ day: '2026-07-15', hour: 23 });
  });

  it('numbers weekdays from Monday and lists days inclusively', () => {
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
    expect(daysBetween('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });
});

describe('statistics shape', () => {
  const stats = SAMPLE_STATS;

  it('lists every day of the period, empty days as 0 minutes', () => {
    expect(stats.timeSpentByDay).toEqual([
      { label: '2026-11-23', data: 30 },
      { label: '2026-11-24', data: 90 },
      { label: '2026-11-25', data: 0 },
    ]);
  });

  it('gives 24 hours, devices by size, and the busiest weekday', () => {
    expect(stats.timeSpentByHour).toHaveLength(24);
    expect(stats.timeSpentByHour[9]).toEqual({ label: '9', data: 120 });
    expect(stats.devices[0]).toEqual({ label: 'windows', data: 100 });
    expect(busiestDay(stats)).toEqual({ label: 'tuesday', data: 90 });
    expect(stats.totalTimeSpent).toBe(7_200_000);
  });
});
