import { csvDocument, type CsvSeparator } from '../../core/csv-document.ts';
import { romeDateTime } from '../../core/rome-time.ts';
import type { ProgressRow } from '../../core/contracts/people.ts';
import { scormItemLabel } from '../../core/scorm/status-words.ts';

/** An instant as a spreadsheet reads it, in the platform's time zone, to the minute: 2026-03-14 09:05. */
const when = (ms: number | null) => (ms === null ? '' : romeDateTime(ms).slice(0, 16));
const yesNo = (value: boolean) => (value ? 'si' : 'no');

const COLUMNS: [string, (row: ProgressRow) => string][] = [
  ['codice_utente', (row) => row.code],
  ['nome', (row) => row.firstName],
  ['cognome', (row) => row.lastName],
  ['stato', (row) => ({ active: 'attivo', invited: 'invito inviato', pending: 'in attesa di conferma', suspended: 'sospeso' })[row.status]],
  ['corso', (row) => row.courseId],
  ['titolo_corso', (row) => row.courseTitle],
  ['iscritto_il', (row) => when(row.enrolledAt)],
  ['iscrizione', (row) => (row.via === null ? '' : row.via === 'key' ? 'chiave' : 'segreteria')],
  ['sessioni_completate', (row) => String(row.done)],
  ['sessioni_totali', (row) => String(row.total)],
  ['minuti_tracciati', (row) => String(Math.floor(row.trackedMs / 60_000))],
  ['ultima_attivita', (row) => when(row.lastActivity)],
  ['ecm_tentativi', (row) => (row.ecm ? String(row.ecm.attempts) : '')],
  ['ecm_superato', (row) => (row.ecm ? yesNo(row.ecm.passed) : '')],
  ['ecm_questionario', (row) => (row.ecm ? yesNo(row.ecm.questionnaire) : '')],
  ['ecm_attestato', (row) => row.ecm?.certificate ?? ''],
  // Each SCORM session as `module.session status score%` (`module.session/item` for each item of a package of several), separated by `;`.
  [
    'scorm',
    (row) =>
      row.scorm
        .map(
          (entry) =>
            `${scormItemLabel(entry, row.scorm, '/')} ${entry.completion}${entry.scoreScaled === null ? '' : ` ${Math.round(entry.scoreScaled * 100)}%`}`,
        )
        .join('; '),
  ],
];

/** A progress report, one row per learner and course, separated as the staff member's spreadsheet expects (core/csv-document.ts). */
export function progressCsv(rows: readonly ProgressRow[], separator: CsvSeparator): string {
  return csvDocument(
    COLUMNS.map(([name]) => name),
    rows.map((row) => COLUMNS.map(([, value]) => value(row))),
    separator,
  );
}

/** The answer of a CSV download: private, never stored, saved under `filename`. */
export function csvAnswer(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'private, no-store',
    },
  });
}
