import { csvCell } from '../../core/plain-text.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import type { CertificateView } from '../data/ecm/records.ts';

/** One row of the provider's report to the national registry: a certified participant. */
export interface ParticipantRow {
  fiscalCode: string;
  firstName: string;
  lastName: string;
  professionId: string;
  profession: string;
  disciplineId: string;
  discipline: string;
  /** Every learner of a FAD course takes part as a participant ('P'), never as faculty. */
  role: 'P';
  credits: number;
  /** YYYY-MM-DD, Europe/Rome: the day the assessment was passed. */
  completedOn: string;
}

export interface ReportEvent {
  providerId: string;
  providerName: string;
  eventId: string;
  edition: number;
  courseId: string;
  courseTitle: string;
  credits: number;
}

export function participantRows(certificates: CertificateView[]): ParticipantRow[] {
  return certificates.map((c) => ({
    fiscalCode: c.fiscalCode,
    firstName: c.firstName,
    lastName: c.lastName,
    professionId: c.professionId,
    profession: c.professionName,
    disciplineId: c.disciplineId,
    discipline: c.disciplineName,
    role: 'P',
    credits: c.credits,
    completedOn: romeDayHour(c.completedAt).day,
  }));
}

const CSV_COLUMNS: [string, (row: ParticipantRow) => string][] = [
  ['codice_fiscale', (row) => row.fiscalCode],
  ['nome', (row) => row.firstName],
  ['cognome', (row) => row.lastName],
  ['professione', (row) => row.profession],
  ['disciplina', (row) => row.discipline],
  ['ruolo', () => 'partecipante'],
  ['crediti', (row) => String(row.credits)],
  ['data_completamento', (row) => row.completedOn],
];

/** RFC 4180 CSV with a byte-order mark, so spreadsheets open it as UTF-8 (accented names intact). */
export function participantsCsv(rows: ParticipantRow[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(','), ...rows.map((row) => CSV_COLUMNS.map(([, value]) => csvCell(value(row))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
