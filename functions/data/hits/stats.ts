import type { D1Database, D1Result } from '@cloudflare/workers-types';
import { romeDayHour } from '../../../core/rome-time.ts';
import { shapeStats, type Stats } from '../../../core/stats.ts';

/**
 * The statistics period: the last 30 Europe/Rome days, today included. Every query reads a range
 * of the roll-up's primary key (site, learner, day) or one total row: the cost follows the
 * period, not the length of the learner's history.
 */
export const STATS_PERIOD_DAYS = 30;

export async function loadStats(db: D1Database, siteId: string, userId: string, locale: string, now: number): Promise<Stats> {
  const lastDay = romeDayHour(now).day;
  const firstDay = romeDayHour(now - (STATS_PERIOD_DAYS - 1) * 86_400_000).day;
  const scope = 'site_id = ? AND user_id = ? AND day >= ? AND day <= ?';
  const args = [siteId, userId, firstDay, lastDay];
  const [days, hours, devices, subjects, total] = await db.batch<{ key: string | number; ms: number }>([
    db.prepare(`SELECT day AS key, SUM(ms) AS ms FROM stats_hourly WHERE ${scope} GROUP BY day`).bind(...args),
    db.prepare(`SELECT hour AS key, SUM(ms) AS ms FROM stats_hourly WHERE ${scope} GROUP BY hour`).bind(...args),
    db.prepare(`SELECT device AS key, SUM(ms) AS ms FROM stats_hourly WHERE ${scope} GROUP BY device`).bind(...args),
    db
      .prepare(
        `SELECT COALESCE(t.name, s.subject) AS key, SUM(s.ms) AS ms FROM stats_hourly s
         LEFT JOIN category_text t ON t.category_id = s.subject AND t.locale = ?
         WHERE s.site_id = ? AND s.user_id = ? AND s.day >= ? AND s.day <= ? AND s.subject != '' GROUP BY s.subject`,
      )
      .bind(locale, ...args),
    totalStatement(db, siteId, userId),
  ]);
  const toMap = <K>(rows: { key: string | number; ms: number }[] | undefined, key: (value: string | number) => K) =>
    new Map((rows ?? []).map((row) => [key(row.key), row.ms]));
  const byDay = toMap(days?.results, String);
  return shapeStats({
    byDay,
    byHour: toMap(hours?.results, Number),
    byDevice: toMap(devices?.results, String),
    bySubject: toMap(subjects?.results, String),
    total: Number(total?.results[0]?.ms ?? 0),
    firstDay,
    lastDay,
  });
}

/** A learner's all-time learning time in milliseconds: one row, whatever the length of the history, for a batch (read back by `totalTimeOf`). */
export function totalStatement(db: D1Database, siteId: string, userId: string) {
  return db.prepare('SELECT 0 AS key, ms FROM stats_total WHERE site_id = ? AND user_id = ?').bind(siteId, userId);
}

export function totalTimeOf(result: D1Result): number {
  return Number((result.results[0] as { ms: number } | undefined)?.ms ?? 0);
}
