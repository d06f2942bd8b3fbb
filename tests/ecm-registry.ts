// The registry report in tests and the bench: a validator that runs xmllint (Debian's
// libxml2-utils) against docs/registry/rapporto-evento-1.16.xsd, and a generated edition of many
// participants with accented and apostrophised names.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ParticipantRow, ReportEvent } from '../functions/ecm/participants-report.ts';

export const REGISTRY_XSD = fileURLToPath(new URL('../docs/registry/rapporto-evento-1.16.xsd', import.meta.url));

/** xmllint's verdict on a report (its bytes, as downloaded): ok, or the validator's messages. */
export function validateReport(bytes: Uint8Array | string): { ok: boolean; messages: string } {
  const result = spawnSync('xmllint', ['--noout', '--schema', REGISTRY_XSD, '-'], { input: bytes, encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { ok: result.status === 0, messages: `${result.stderr}` };
}

const FIRST = ['Niccolò', 'Lucía', 'Anna Maria', 'Chloé', 'José', 'Ilaria', 'Jürgen', 'Zoë', 'Mattia', 'Bérénice'];
const LAST = ["D'Amico", 'Dell’Orto', 'Rossi-Bianchi', 'Mazzà', 'De Santis', 'Perù', "Sant'Angelo", 'Nuñez', 'Lo Faro', 'Çelik'];
const CODES: [string, string][] = [
  ['01', '058'],
  ['01', '003'],
  ['14', '085'],
  ['15', '086'],
  ['03', '067'],
  ['05', '077'],
  ['12', '082'],
];

/** A codice fiscale of the right shape, unique for each n (the report needs one per participant). */
function fiscalCode(n: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let code = '';
  for (let i = 0, rest = n; i < 6; i++, rest = Math.floor(rest / 26)) code += letters[rest % 26];
  return `${code}80A01H501${letters[n % 26]}`.slice(0, 16).padEnd(16, 'X');
}

export const SAMPLE_EVENT: ReportEvent = {
  eventId: '7102-451203',
  edition: 2,
  providerId: '7102',
  accreditationCode: '000',
  startsOn: '2026-01-01',
  endsOn: '2026-12-30',
  creditTenths: 75,
  hours: 6,
  eventType: 'E',
  objectiveId: 18,
  tipologia: 1,
};

/** `count` participants of one edition, every tenth recruited by a sponsor with an accented name. */
export function sampleParticipants(count: number): (ParticipantRow & { employment: string })[] {
  return Array.from({ length: count }, (_, n) => {
    const [professionId, disciplineId] = CODES[n % CODES.length] ?? ['01', '058'];
    return {
      fiscalCode: fiscalCode(n),
      firstName: FIRST[n % FIRST.length] ?? 'Anna',
      lastName: LAST[(n * 7) % LAST.length] ?? 'Rossi',
      professionId,
      profession: '',
      disciplineId,
      discipline: '',
      employment: 'LDCP'[n % 4] ?? 'D',
      sponsor: n % 10 === 0 ? 'Società Farmacèutica “Ætna” & C.' : null,
      creditTenths: 75,
      completedOn: `2026-${String((n % 11) + 1).padStart(2, '0')}-15`,
    };
  });
}
