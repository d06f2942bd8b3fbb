import type { D1Database } from '@cloudflare/workers-types';
import { SATISFACTION_ITEMS, type SatisfactionKey } from '../../../core/ecm/satisfaction-items.ts';

export interface SatisfactionTotals {
  /** Questionnaires filled in. */
  answered: number;
  /** Per item, how many chose each point of its scale (index 0 is point 1). */
  counts: Record<SatisfactionKey, number[]>;
  /** Anomalies reported, with the month they were (no learner, no day: the answers are anonymous). */
  anomalies: { month: string; text: string }[];
}

const COLUMN: Record<SatisfactionKey, string> = {
  relevance: 'relevance',
  quality: 'quality',
  usefulness: 'usefulness',
  timeAdequacy: 'time_adequacy',
  commercialInfluence: 'commercial_influence',
};

/** The questionnaire's totals for one course of this site, of one edition (null: every edition). One D1 batch. */
export async function readSatisfactionTotals(db: D1Database, siteId: string, courseId: string, edition: number | null = null): Promise<SatisfactionTotals> {
  const counts = SATISFACTION_ITEMS.map(
    (item) =>
      `SELECT '${item.key}' AS item, ${COLUMN[item.key]} AS value, COUNT(*) AS n FROM ecm_satisfaction WHERE site_id = ?1 AND course_id = ?2 AND (?3 IS NULL OR edition = ?3) GROUP BY 2`,
  ).join(' UNION ALL ');
  const [rows, anomalies] = await db.batch<Record<string, unknown>>([
    db.prepare(counts).bind(siteId, courseId, edition),
    db
      .prepare(
        "SELECT month, anomaly AS text FROM ecm_satisfaction WHERE site_id = ?1 AND course_id = ?2 AND (?3 IS NULL OR edition = ?3) AND anomaly <> '' ORDER BY month, anomaly",
      )
      .bind(siteId, courseId, edition),
  ]);
  const totals = Object.fromEntries(SATISFACTION_ITEMS.map((item) => [item.key, Array.from({ length: item.points }, () => 0)])) as Record<
    SatisfactionKey,
    number[]
  >;
  for (const row of rows?.results ?? []) {
    const list = totals[row.item as SatisfactionKey];
    const index = Number(row.value) - 1;
    if (list && index >= 0 && index < list.length) list[index] = Number(row.n);
  }
  return {
    answered: totals.relevance.reduce((sum, n) => sum + n, 0),
    counts: totals,
    anomalies: (anomalies?.results ?? []).map((row) => ({ month: String(row.month), text: String(row.text) })),
  };
}
