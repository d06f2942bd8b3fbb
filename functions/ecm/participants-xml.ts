import { xmlText } from '../../core/plain-text.ts';
import type { ParticipantRow, ReportEvent } from './participants-report.ts';

/**
 * The participants report as XML for the national ECM registry. The registry's own schema is not
 * available to us: this module is the one place its element names and order live, so matching it
 * later changes this file only. Text is escaped and loses what XML 1.0 forbids: a name stored with
 * a control character must not make the whole report invalid.
 */
function escape(text: string): string {
  return xmlText(text).replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

const element = (name: string, value: string, attributes: Record<string, string> = {}) =>
  `<${name}${Object.entries(attributes)
    .map(([key, attr]) => ` ${key}="${escape(attr)}"`)
    .join('')}>${escape(value)}</${name}>`;

export function participantsXml(event: ReportEvent, rows: ParticipantRow[]): string {
  const participants = rows.map((row) =>
    [
      '    <partecipante>',
      `      ${element('codice_fiscale', row.fiscalCode)}`,
      `      ${element('nome', row.firstName)}`,
      `      ${element('cognome', row.lastName)}`,
      `      ${element('professione', row.profession, { id: row.professionId })}`,
      `      ${element('disciplina', row.discipline, { id: row.disciplineId })}`,
      `      ${element('ruolo', 'partecipante', { codice: row.role })}`,
      `      ${element('crediti', String(row.credits))}`,
      `      ${element('data_completamento', row.completedOn)}`,
      '    </partecipante>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rapporto_ecm>`,
    `  ${element('provider', event.providerName, { id: event.providerId })}`,
    `  <evento id="${escape(event.eventId)}" edizione="${event.edition}" corso="${escape(event.courseId)}" crediti="${event.credits}">`,
    `  ${element('titolo', event.courseTitle)}`,
    `  <partecipanti numero="${rows.length}">`,
    ...participants,
    '  </partecipanti>',
    '  </evento>',
    '</rapporto_ecm>',
    '',
  ].join('\n');
}
