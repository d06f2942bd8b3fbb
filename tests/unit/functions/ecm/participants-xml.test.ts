import { describe, expect, it } from 'vitest';
import { latin1Bytes, registryName } from '../../../../core/ecm/registry-name.ts';
import { participantsXml } from '../../../../functions/ecm/participants-xml.ts';
import { SAMPLE_EVENT, sampleParticipants, validateReport } from '../../../ecm-registry.ts';

const report = (rows = sampleParticipants(3), event = SAMPLE_EVENT) => latin1Bytes(participantsXml(event, rows));

describe('the registry report (tracciato record 1.16)', () => {
  it('spells names with the characters the registry allows', () => {
    expect(registryName('Niccolò')).toBe("Niccolo'");
    expect(registryName('PERÒ')).toBe("PERO'");
    expect(registryName('Dell’Orto')).toBe("Dell'Orto");
    expect(registryName('Jürgen Müller-Lüdenscheidt')).toBe('Jurgen Muller-Ludenscheidt');
    expect(registryName('Nuñez  Çelik')).toBe('Nunez Celik');
    expect(registryName('Anna (Maria) 2ª')).toBe('Anna Maria');
  });

  it('writes an ISO-8859-1 report that the schema accepts, with codes and one-decimal credits', () => {
    const bytes = report();
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<dataroot>\n  <evento cod_evento="7102-451203" cod_edi="2"')).toBe(true);
    expect(text).toContain('crediti="7.5" ore="6" tipo_form="1" tipo_eve="E" cod_obi="18" num_part="3" cod_tipologia_form="1"');
    expect(text).toContain(`nome="Niccolo&apos;"`);
    expect(text).toContain('part_reclutato="1" sponsor="Società Farmacèutica &quot;Ætna&quot; &amp; C."');
    expect(text).toContain('<professione cod_prof="01">\n        <disciplina>058</disciplina>');
    // "à" is one byte in ISO-8859-1: the sponsor keeps its accents the encoding can carry.
    expect(bytes.includes(0xe0)).toBe(true);
    expect(validateReport(bytes)).toEqual({ ok: true, messages: expect.stringContaining('validates') });
  });

  it('reports an edition without participants, and each codice fiscale once with all its professions', () => {
    expect(validateReport(report([])).ok).toBe(true);
    const [first, second] = sampleParticipants(2);
    if (!first || !second) throw new Error('sample');
    const twice = new TextDecoder('latin1').decode(report([first, { ...second, fiscalCode: first.fiscalCode }]));
    expect(twice.match(/<partecipante /g)).toHaveLength(1);
    expect(twice).toContain('num_part="1"');
    expect(twice.match(/<professione /g)).toHaveLength(1);
    expect(twice.match(/<disciplina>/g)).toHaveLength(2);
    expect(validateReport(twice).ok).toBe(true);
  });

  it('is refused by the schema when a field breaks the record (the validator is not a formality)', () => {
    const bad = new TextDecoder('latin1').decode(report()).replace('crediti="7.5"', 'crediti="7.50"');
    const verdict = validateReport(bad);
    expect(verdict.ok).toBe(false);
    expect(verdict.messages).toContain('crediti');
    expect(validateReport(new TextDecoder('latin1').decode(report()).replace('cod_prof="01"', 'cod_prof="1"')).ok).toBe(false);
    expect(validateReport(new TextDecoder('latin1').decode(report()).replace(`nome="Niccolo&apos;"`, 'nome="Niccolò"')).ok).toBe(false);
  });

  it('validates a 5,000-participant edition with accented and apostrophised names', () => {
    const rows = sampleParticipants(5000);
    const bytes = report(rows);
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.match(/<partecipante /g)).toHaveLength(5000);
    expect(text).toContain(`cognome="Sant&apos;Angelo"`);
    expect(text).toContain(`cognome="Mazza&apos;"`);
    const verdict = validateReport(bytes);
    expect(verdict.messages).toContain('validates');
    expect(verdict.ok).toBe(true);
  });
});
