import type { StatItem, Stats } from './contracts/stats.ts';
import { daysBetween, weekdayOf } from './rome-time.ts';

export type { StatItem, Stats };

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export interface StatsInput {
  /** Per day of the period, ms. */
  byDay: Map<string, number>;
  byHour: Map<number, number>;
  byDevice: Map<string, number>;
  bySubject: Map<string, number>;
  total: number;
  firstDay: string;
  lastDay: string;
}

export function toMinutes(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

/** Shapes aggregated milliseconds into the lists the statistics view draws. */
export function shapeStats(input: StatsInput): Stats {
  const days = daysBetween(input.firstDay, input.lastDay);
  const weekdayTotals = Array.from({ length: 7 }, () => 0);
  const weekdayCounts = Array.from({ length: 7 }, () => 0);
  for (const day of days) {
    const weekday = weekdayOf(day);
    weekdayTotals[weekday] = (weekdayTotals[weekday] ?? 0) + (input.byDay.get(day) ?? 0);
    weekdayCounts[weekday] = (weekdayCounts[weekday] ?? 0) + 1;
  }
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([label, ms]) => ({ label, data: toMinutes(ms) }));
  return {
    totalTimeSpent: input.total,
    averageTimeSpentByDay: WEEKDAYS.map((label, i) => ({
      label,
      data: toMinutes((weekdayTotals[i] ?? 0) / Math.max(weekdayCounts[i] ?? 0, 1)),
    })),
    timeSpentByDay: days.map((day) => ({ label: day, data: toMinutes(input.byDay.get(day) ?? 0) })),
    devices: sorted(input.byDevice),
    timeSpentByHour: Array.from({ length: 24 }, (_, hour) => ({ label: String(hour), data: toMinutes(input.byHour.get(hour) ?? 0) })),
    courseSubject: sorted(input.bySubject),
  };
}

/** The busiest day: the weekday with the largest average time. */
export function busiestDay(stats: Pick<Stats, 'averageTimeSpentByDay'>): StatItem | null {
  let best: StatItem | null = null;
  for (const item of stats.averageTimeSpentByDay) if (item.data > 0 && (!best || item.data > best.data)) best = item;
  return best;
}
