import { SATISFACTION_ITEMS } from '../../core/ecm/satisfaction-items.ts';
import { csvDecimal, csvDocument, type CsvSeparator } from '../../core/csv-document.ts';
import type { SatisfactionTotals } from '../data/ecm/satisfaction-totals.ts';

/**
 * The questionnaire's totals as CSV: one line per item and point of its scale, with the question
 * and the answer as the learners read them, how many chose it and its share; then each anomaly
 * reported, with its month. Nothing in it names a learner.
 */
export function satisfactionTotalsCsv(totals: SatisfactionTotals, t: (key: string) => string, separator: CsvSeparator): string {
  const rows: string[][] = [];
  for (const item of SATISFACTION_ITEMS) {
    const counts = totals.counts[item.key];
    counts.forEach((count, index) => {
      const share = totals.answered ? ((count / totals.answered) * 100).toFixed(1) : '0.0';
      rows.push([
        item.key,
        t(`satisfaction.${item.key}`),
        String(index + 1),
        t(`satisfaction.${item.key}.${index + 1}`),
        String(count),
        csvDecimal(share, separator),
      ]);
    });
  }
  rows.push(['questionari', 'Questionari compilati', '', '', String(totals.answered), '']);
  for (const anomaly of totals.anomalies) rows.push(['anomalia', anomaly.month, '', anomaly.text, '', '']);
  return csvDocument(['voce', 'domanda', 'punto', 'risposta', 'risposte', 'percentuale'], rows, separator);
}
