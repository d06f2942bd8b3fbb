import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { csvDocument, type CsvSeparator } from '../../core/csv-document.ts';
import { romeDateTime, romeDayStart } from '../../core/rome-time.ts';
import { addDays } from '../../core/ecm/edition-rules.ts';
import type { EcmCourse } from '../data/ecm/courses.ts';
import type { IssuedCertificate, LearnerRecord } from '../data/ecm/inspection.ts';
import { encodable } from './pdf-encodable.ts';

/** Which learners and moments an inspection file covers: one edition (its days), or the whole course. */
export interface RecordsGroup {
  courseId: string;
  eventId: string;
  /** Null: every edition of the course. */
  edition: { number: number; startsOn: string; endsOn: string } | null;
}

/**
 * The group of learners one inspection file covers: with an edition, those who studied during its
 * days, sat its assessment or were certified in it, and only that; else the whole course.
 */
export function recordsGroup(course: Pick<EcmCourse, 'courseId' | 'eventId'>, edition: RecordsGroup['edition']): RecordsGroup {
  return { courseId: course.courseId, eventId: course.eventId, edition };
}

/** The instants an edition's days span, [from, to), in Europe/Rome; nulls for the whole course. */
export function groupWindow(group: RecordsGroup): { from: number | null; to: number | null; edition: number | null } {
  if (!group.edition) return { from: null, to: null, edition: null };
  return { from: romeDayStart(group.edition.startsOn), to: romeDayStart(addDays(group.edition.endsOn, 1)), edition: group.edition.number };
}

const when = (epochMs: number | null) => (epochMs === null ? '' : romeDateTime(epochMs));
const minutes = (ms: number) => (Math.round(ms / 6_000) / 10).toFixed(1);

const COLUMNS = [
  'codice_fiscale',
  'cognome',
  'nome',
  'codice_utente',
  'voce',
  'modulo',
  'sessione',
  'titolo',
  'primo_tracciamento',
  'ultimo_tracciamento',
  'minuti_tracciati',
  'completata_il',
  'tentativo',
  'inizio',
  'consegna',
  'risposte_corrette',
  'domande',
  'esito',
  'attestato',
  // The certificate's line only: what it was issued on, as recorded then (the session lines are today's tracking).
  'minuti_al_rilascio',
  'sessioni_completate_al_rilascio',
] as const;
type Line = Partial<Record<(typeof COLUMNS)[number], string>>;

const orBlank = (value: number | null, text: (value: number) => string) => (value === null ? '' : text(value));

/** One line per tracked session, attempt, questionnaire and certificate of each learner, and one saying when a deleted account's tracking went. */
export function recordLines(records: readonly LearnerRecord[]): Line[] {
  return records.flatMap((record) => {
    const who: Line = { codice_fiscale: record.fiscalCode ?? '', cognome: record.lastName, nome: record.firstName, codice_utente: record.code };
    return [
      ...(record.deletedAt === null
        ? []
        : [{ ...who, voce: 'account', esito: `account eliminato il ${when(record.deletedAt)}: tracciamento per sessione cancellato` }]),
      ...record.sessions.map((session): Line => ({
        ...who,
        voce: 'sessione',
        modulo: String(session.moduleNumber),
        sessione: String(session.number),
        titolo: session.title,
        primo_tracciamento: when(session.firstAt),
        ultimo_tracciamento: when(session.lastAt),
        minuti_tracciati: minutes(session.trackedMs),
        completata_il: when(session.completedAt),
      })),
      ...record.attempts.map((attempt): Line => ({
        ...who,
        voce: 'tentativo',
        tentativo: String(attempt.number),
        inizio: when(attempt.startedAt),
        consegna: when(attempt.submittedAt),
        risposte_corrette: attempt.correct === null ? '' : String(attempt.correct),
        domande: attempt.total === null ? '' : String(attempt.total),
        esito: attempt.passed === null ? 'in corso' : attempt.passed ? 'superato' : 'non superato',
      })),
      { ...who, voce: 'questionario', esito: record.questionnaireDone ? 'compilato' : 'non compilato' },
      ...(record.certificate
        ? [
            {
              ...who,
              voce: 'attestato',
              completata_il: when(record.certificate.completedAt),
              consegna: when(record.certificate.issuedAt),
              attestato: record.certificate.code,
              minuti_al_rilascio: orBlank(record.certificate.trackedMsAtIssue, minutes),
              sessioni_completate_al_rilascio: orBlank(record.certificate.completedSessionsAtIssue, String),
            },
          ]
        : []),
    ];
  });
}

/** The records as CSV, separated as the reader's spreadsheet expects (core/csv-document.ts). */
export function learnerRecordsCsv(records: readonly LearnerRecord[], separator: CsvSeparator): string {
  return csvDocument(
    COLUMNS,
    recordLines(records).map((line) => COLUMNS.map((column) => line[column] ?? '')),
    separator,
  );
}

/**
 * The same records as a PDF an inspector can file: per learner, the tracked sessions with their
 * times, the attempts with scores, the questionnaire (done or not, never its answers) and the certificate.
 */
export async function learnerRecordsPdf(title: string, group: RecordsGroup, records: readonly LearnerRecord[], now: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Registro di tracciamento - ${title}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin] = [595.28, 841.89, 40];
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  const line = (text: string, options: { size?: number; bold?: boolean; indent?: number } = {}) => {
    const size = options.size ?? 9;
    if (y - size * 1.5 < margin) {
      page = pdf.addPage([width, height]);
      y = height - margin;
    }
    const face = options.bold ? bold : font;
    let shown = encodable(face, text);
    while (shown.length > 1 && face.widthOfTextAtSize(shown, size) > width - 2 * margin - (options.indent ?? 0)) shown = shown.slice(0, -2) + '…';
    page.drawText(shown, { x: margin + (options.indent ?? 0), y: y - size, size, font: face, color: rgb(0.1, 0.12, 0.16) });
    y -= size * 1.5;
  };
  line(`Registro di tracciamento: ${title}`, { size: 14, bold: true });
  line(
    `Evento ${group.eventId}, ${group.edition ? `edizione ${group.edition.number} (${group.edition.startsOn} - ${group.edition.endsOn})` : 'tutte le edizioni'} - generato il ${romeDateTime(now)} (ora di Roma)`,
  );
  line(`${records.length} partecipanti con attività registrate`);
  y -= 6;
  for (const record of records) {
    y -= 4;
    line(`${record.lastName} ${record.firstName} (${record.code})${record.fiscalCode ? ` - CF ${record.fiscalCode}` : ''}`, { size: 11, bold: true });
    if (record.deletedAt !== null) line(`Account eliminato il ${when(record.deletedAt)}: tracciamento per sessione cancellato`, { indent: 10 });
    for (const session of record.sessions) {
      const tracked =
        session.firstAt === null ? 'nessun tempo tracciato' : `${minutes(session.trackedMs)} min, dal ${when(session.firstAt)} al ${when(session.lastAt)}`;
      const done = session.completedAt === null ? 'non completata' : `completata il ${when(session.completedAt)}`;
      line(`Sessione ${session.moduleNumber}.${session.number} ${session.title}: ${tracked}; ${done}`, { indent: 10 });
    }
    for (const attempt of record.attempts) {
      const score = attempt.total === null ? 'in corso' : `${attempt.correct}/${attempt.total}, ${attempt.passed ? 'superato' : 'non superato'}`;
      line(
        `Tentativo ${attempt.number}: iniziato il ${when(attempt.startedAt)}${attempt.submittedAt ? `, consegnato il ${when(attempt.submittedAt)}` : ''}; ${score}`,
        { indent: 10 },
      );
    }
    line(`Questionario di gradimento: ${record.questionnaireDone ? 'compilato (risposte anonime)' : 'non compilato'}`, { indent: 10 });
    if (record.certificate) {
      line(`Attestato ${record.certificate.code} rilasciato il ${when(record.certificate.issuedAt)}, ${record.certificate.credits} crediti`, { indent: 10 });
      line(issueFigures(record.certificate), { indent: 20 });
    } else line('Attestato: non rilasciato', { indent: 10 });
  }
  return pdf.save();
}

/** What a certificate was issued on, said to be as recorded then: the session lines above are today's tracking. */
function issueFigures({ trackedMsAtIssue: ms, completedSessionsAtIssue: sessions }: IssuedCertificate): string {
  if (ms === null || sessions === null) return 'Al rilascio: tempo e sessioni non registrati';
  return `Al rilascio: ${minutes(ms)} min tracciati, ${sessions} ${sessions === 1 ? 'sessione completata' : 'sessioni completate'}`;
}
