import { creditsText } from '../../core/ecm/credits.ts';
import { latin1Text, registryName } from '../../core/ecm/registry-name.ts';
import type { ParticipantRow, ReportEvent } from './participants-report.ts';

/** Distance learning (formazione a distanza): the only kind of training this platform delivers. */
const TIPO_FORM_FAD = 1;
/** The XML declaration the registry's schema (docs/registry/rapporto-evento-1.16.xsd) asks for. */
export const REPORT_ENCODING = 'ISO-8859-1';

function attribute(value: string): string {
  return value.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

const attributes = (values: Record<string, string | number | null | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => ` ${name}="${attribute(String(value))}"`)
    .join('');

/**
 * The event report of one edition, the "tracciato record" 1.16 of the national ECM registry:
 * `dataroot/evento/partecipante/professione/disciplina`, one participant per codice fiscale (two
 * accounts with one codice fiscale are one participant with each profession once). Names are
 * spelled with the characters the registry allows; the text is ISO-8859-1 safe (latin1Bytes).
 */
export function participantsXml(event: ReportEvent, rows: (ParticipantRow & { employment: string })[]): string {
  const byFiscalCode = new Map<string, { row: ParticipantRow; professions: Map<string, Set<string>> }>();
  for (const row of rows) {
    const entry = byFiscalCode.get(row.fiscalCode) ?? { row, professions: new Map<string, Set<string>>() };
    const disciplines = entry.professions.get(row.professionId) ?? new Set<string>();
    disciplines.add(row.disciplineId);
    entry.professions.set(row.professionId, disciplines);
    byFiscalCode.set(row.fiscalCode, entry);
  }
  const participants: string[] = [];
  for (const { row, professions } of byFiscalCode.values()) {
    const sponsor = row.sponsor ? latin1Text(row.sponsor) : '';
    participants.push(
      `    <partecipante${attributes({
        cod_fisc: row.fiscalCode,
        nome: registryName(row.firstName),
        cognome: registryName(row.lastName),
        ruolo: 'P',
        lib_dip: row.employment,
        part_reclutato: sponsor ? 1 : 0,
        sponsor,
        cred_acq: creditsText(row.creditTenths),
        data_acq: row.completedOn,
      })}>`,
    );
    for (const [professionId, disciplines] of professions) {
      participants.push(`      <professione cod_prof="${attribute(professionId)}">`);
      for (const disciplineId of disciplines) participants.push(`        <disciplina>${attribute(disciplineId)}</disciplina>`);
      participants.push('      </professione>');
    }
    participants.push('    </partecipante>');
  }
  return [
    `<?xml version="1.0" encoding="${REPORT_ENCODING}"?>`,
    '<dataroot>',
    `  <evento${attributes({
      cod_evento: event.eventId,
      cod_edi: event.edition,
      cod_org: event.providerId,
      cod_accr: event.accreditationCode,
      data_ini: event.startsOn,
      data_fine: event.endsOn,
      crediti: creditsText(event.creditTenths),
      ore: event.hours,
      tipo_form: TIPO_FORM_FAD,
      tipo_eve: event.eventType,
      cod_obi: event.objectiveId,
      num_part: byFiscalCode.size,
      cod_tipologia_form: event.tipologia,
    })}>`,
    ...participants,
    '  </evento>',
    '</dataroot>',
    '',
  ].join('\n');
}
