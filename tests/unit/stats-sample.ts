import { shapeStats } from '../../core/stats.ts';

/**
 * Three days of one learner (30 and 90 minutes, then none), all at 9, on two devices and one
 * subject: what the statistics and chart tests read.
 */
export const SAMPLE_STATS = shapeStats({
  byDay: new Map([
    ['2026-11-23', 30 * 60_000],
    ['2026-11-24', 90 * 60_000],
  ]),
  byHour: new Map([[9, 120 * 60_000]]),
  byDevice: new Map([
    ['windows', 100 * 60_000],
    ['android', 20 * 60_000],
  ]),
  bySubject: new Map([['Rischio clinico', 120 * 60_000]]),
  total: 120 * 60_000,
  firstDay: '2026-11-23',
  lastDay: '2026-11-25',
});
