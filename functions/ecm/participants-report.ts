import { creditsText } from '../../core/ecm/credits.ts';
import { csvDecimal, csvDocument, type CsvSeparator } from '../../core/csv-document.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import type { ReportParticipant } from '../data/ecm/records.ts';

/** One participant of the provider's report to the national registry: a learner who earned credits. */
export interface ParticipantRow {
  fiscalCode: string;
  firstName: string;
  lastName: string;
  professionId: string;
  profession: string;
  disciplineId: string;
  discipline: string;
  /** L, D, C or P (lib_dip); null when the learner never stated it (the XML report is refused then). */
  employment: string | null;
  /** The sponsor who recruited the participant, or null. */
  sponsor: string | null;
  creditTenths: number;
  /** YYYY-MM-DD, Europe/Rome: the day the assessment was passed. */
  completedOn: string;
}

/** The event (one edition) the report is about, as the registry names its fields. */
export interface ReportEvent {
  eventId: string;
  edition: number;
  providerId: string;
  accreditationCode: string;
  startsOn: string;
  endsOn: string;
  creditTenths: number;
  hours: number;
  eventType: 'E' | 'P';
  objectiveId: number;
  tipologia: number;
}

export function participantRows(participants: ReportParticipant[]): ParticipantRow[] {
  return participants.map((p) => ({
    fiscalCode: p.fiscalCode,
    firstName: p.firstName,
    lastName: p.lastName,
    professionId: p.professionId,
    profession: p.professionName,
    disciplineId: p.disciplineId,
    discipline: p.disciplineName,
    employment: p.employment,
    sponsor: p.sponsor,
    creditTenths: Math.round(p.credits * 10),
    completedOn: romeDayHour(p.completedAt).day,
  }));
}

const CSV_COLUMNS: [string, (row: ParticipantRow) => string][] = [
  ['cod_fisc', (row) => row.fiscalCode],
  ['nome', (row) => row.firstName],
  ['cognome', (row) => row.lastName],
  ['cod_prof', (row) => row.professionId],
  ['professione', (row) => row.profession],
  ['disciplina', (row) => row.disciplineId],
  ['nome_disciplina', (row) => row.discipline],
  ['ruolo', () => 'P'],
  ['lib_dip', (row) => row.employment ?? ''],
  ['part_reclutato', (row) => (row.sponsor ? '1' : '0')],
  ['sponsor', (row) => row.sponsor ?? ''],
  ['cred_acq', (row) => creditsText(row.creditTenths)],
  ['data_acq', (row) => row.completedOn],
];

/** The participants as CSV, separated as the staff member's spreadsheet expects (core/csv-document.ts). */
export function participantsCsv(rows: ParticipantRow[], separator: CsvSeparator): string {
  return csvDocument(
    CSV_COLUMNS.map(([name]) => name),
    // Credits are a number: with the comma as its decimal mark where the spreadsheet expects it.
    rows.map((row) => CSV_COLUMNS.map(([name, value]) => (name === 'cred_acq' ? csvDecimal(value(row), separator) : value(row)))),
    separator,
  );
}
