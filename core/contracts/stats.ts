import { z } from 'zod';

export const statItem = z.object({ label: z.string(), data: z.number() });
export type StatItem = z.infer<typeof statItem>;

/** Learning-time statistics; `GET /api/stats` answers `{ outcome: { data } }`. */
export const stats = z.object({
  /** Milliseconds. */
  totalTimeSpent: z.number(),
  /** Minutes per weekday (monday..sunday), averaged over the weeks of the period. */
  averageTimeSpentByDay: z.array(statItem),
  /** Minutes per Europe/Rome day of the period, days without hits included as 0. */
  timeSpentByDay: z.array(statItem),
  /** Minutes per platform. */
  devices: z.array(statItem),
  /** Minutes per hour of the day, 0..23. */
  timeSpentByHour: z.array(statItem),
  /** Minutes per course subject (category name). */
  courseSubject: z.array(statItem),
});
export type Stats = z.infer<typeof stats>;

export const statsOutcome = z.object({ data: stats });
