import type { Language } from '../messages.ts';

/** Refusals of SCORM packages and their runtime, in every supported language. */
const SCORM_MESSAGES = {
  'not-zip': {
    it: 'Il file non è un archivio zip leggibile: un pacchetto SCORM è uno zip con imsmanifest.xml nella radice.',
    en: 'The file is not a readable zip archive: a SCORM package is a zip with imsmanifest.xml at its root.',
    de: 'Die Datei ist kein lesbares ZIP-Archiv: Ein SCORM-Paket ist ein ZIP mit imsmanifest.xml im Stammverzeichnis.',
  },
  encrypted: {
    it: 'Il pacchetto contiene file cifrati ({detail}): esportalo senza password.',
    en: 'The package contains encrypted files ({detail}): export it without a password.',
    de: 'Das Paket enthält verschlüsselte Dateien ({detail}): Exportieren Sie es ohne Passwort.',
  },
  'too-many-entries': {
    it: 'Il pacchetto contiene {detail} file: ne sono ammessi al massimo {max}.',
    en: 'The package contains {detail} files: at most {max} are allowed.',
    de: 'Das Paket enthält {detail} Dateien: Höchstens {max} sind erlaubt.',
  },
  'too-large-unpacked': {
    it: 'Estratto, il pacchetto supererebbe {max}: non viene accettato.',
    en: 'Unpacked, the package would exceed {max}: it is refused.',
    de: 'Entpackt würde das Paket {max} überschreiten: Es wird abgelehnt.',
  },
  'compression-ratio': {
    it: 'Il file «{detail}» del pacchetto è compresso in modo anomalo (oltre {ratio} volte): il pacchetto non viene accettato.',
    en: 'The file "{detail}" in the package is abnormally compressed (over {ratio} times): the package is refused.',
    de: 'Die Datei „{detail}“ im Paket ist ungewöhnlich stark komprimiert (über {ratio}-fach): Das Paket wird abgelehnt.',
  },
  'unsafe-path': {
    it: 'Il pacchetto contiene un percorso non ammesso: «{detail}». I file devono stare dentro il pacchetto, senza «..» né percorsi assoluti.',
    en: 'The package contains a path that is not allowed: "{detail}". Files must stay inside the package, with no ".." and no absolute paths.',
    de: 'Das Paket enthält einen unzulässigen Pfad: „{detail}“. Dateien müssen im Paket bleiben, ohne „..“ und ohne absolute Pfade.',
  },
  'no-manifest': {
    it: 'Nel pacchetto manca imsmanifest.xml nella radice: non è un pacchetto SCORM.',
    en: 'The package has no imsmanifest.xml at its root: it is not a SCORM package.',
    de: 'Im Paket fehlt imsmanifest.xml im Stammverzeichnis: Es ist kein SCORM-Paket.',
  },
  'manifest-invalid': {
    it: 'Il file imsmanifest.xml del pacchetto non è un XML valido: {detail}',
    en: 'The package\u2019s imsmanifest.xml is not valid XML: {detail}',
    de: 'Die imsmanifest.xml des Pakets ist kein gültiges XML: {detail}',
  },
  'scorm-version': {
    it: 'Versione SCORM non supportata ({detail}): sono accettati SCORM 1.2 e SCORM 2004 3ª o 4ª edizione.',
    en: 'Unsupported SCORM version ({detail}): SCORM 1.2 and SCORM 2004 3rd or 4th edition are accepted.',
    de: 'Nicht unterstützte SCORM-Version ({detail}): Akzeptiert werden SCORM 1.2 und SCORM 2004 3. oder 4. Edition.',
  },
  'no-launch': {
    it: 'Il manifest non indica nessun file da avviare (nessuna risorsa con href).',
    en: 'The manifest names no file to launch (no resource with an href).',
    de: 'Das Manifest nennt keine Startdatei (keine Ressource mit href).',
  },
  'launch-missing': {
    it: 'Il manifest indica come file da avviare «{detail}», che nel pacchetto non c\u2019è.',
    en: 'The manifest names "{detail}" as the file to launch, which is not in the package.',
    de: 'Das Manifest nennt „{detail}“ als Startdatei, die im Paket fehlt.',
  },
  unknownVersion: {
    it: 'versione non indicata',
    en: 'no version stated',
    de: 'keine Version angegeben',
  },
  packageFileNotFound: {
    it: 'File del pacchetto non trovato: {path}',
    en: 'Package file not found: {path}',
    de: 'Paketdatei nicht gefunden: {path}',
  },
  scormItemUnknown: {
    it: 'Il pacchetto SCORM di questa sessione non ha la parte «{id}».',
    en: 'The SCORM package of this session has no part "{id}".',
    de: 'Das SCORM-Paket dieser Sitzung hat keinen Teil „{id}“.',
  },
  scormSessionNotFound: {
    it: 'Nessun pacchetto SCORM in questa sessione: {id}',
    en: 'No SCORM package in this session: {id}',
    de: 'Kein SCORM-Paket in dieser Sitzung: {id}',
  },
  scormVersionChanged: {
    it: 'Il pacchetto della sessione è cambiato versione SCORM: ricarica la pagina.',
    en: 'The session\u2019s package changed SCORM version: reload the page.',
    de: 'Das Paket der Sitzung hat die SCORM-Version gewechselt: Laden Sie die Seite neu.',
  },
} as const;

export type ScormMessageKey = keyof typeof SCORM_MESSAGES;

export function scormMessage(key: ScormMessageKey, language: Language, values: Record<string, string> = {}): string {
  return SCORM_MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
