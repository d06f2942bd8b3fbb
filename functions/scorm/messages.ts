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
  'total-ratio': {
    it: 'Il pacchetto è compresso in modo anomalo: estratto sarebbe {detail} volte più grande dello zip (al massimo {ratio}). Non viene accettato.',
    en: 'The package is abnormally compressed: unpacked, it would be {detail} times the size of the zip (at most {ratio}). It is refused.',
    de: 'Das Paket ist ungewöhnlich stark komprimiert: Entpackt wäre es {detail}-mal so groß wie das ZIP (höchstens {ratio}-mal). Es wird abgelehnt.',
  },
  'special-file': {
    it: 'Il pacchetto contiene «{detail}», che non è né un file né una cartella (per esempio un collegamento simbolico): esporta il pacchetto con i soli file.',
    en: 'The package contains "{detail}", which is neither a file nor a folder (a symbolic link, for example): export the package with plain files only.',
    de: 'Das Paket enthält „{detail}“, das weder eine Datei noch ein Ordner ist (zum Beispiel ein symbolischer Link): Exportieren Sie das Paket nur mit gewöhnlichen Dateien.',
  },
  'duplicate-name': {
    it: 'Il pacchetto contiene più volte «{detail}» (due file con lo stesso nome, o un file e una cartella): esportalo di nuovo dallo strumento con cui è stato creato.',
    en: 'The package contains "{detail}" more than once (two files of the same name, or a file and a folder): export it again from the tool that made it.',
    de: 'Das Paket enthält „{detail}“ mehrfach (zwei Dateien gleichen Namens oder eine Datei und einen Ordner): Exportieren Sie es erneut aus dem Werkzeug, mit dem es erstellt wurde.',
  },
  'entry-data': {
    it: 'Il file «{detail}» del pacchetto non corrisponde a quanto dichiara l\u2019indice dello zip: il pacchetto è danneggiato o alterato e non viene accettato.',
    en: 'The file "{detail}" in the package does not match what the zip\u2019s index declares: the package is damaged or altered and is refused.',
    de: 'Die Datei „{detail}“ im Paket entspricht nicht den Angaben im Inhaltsverzeichnis des ZIP: Das Paket ist beschädigt oder verändert und wird abgelehnt.',
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
    it: 'Il file imsmanifest.xml del pacchetto non è leggibile (deve essere un XML ben formato, in UTF-8, di al massimo 2 MB): esportalo di nuovo dallo strumento con cui è stato creato.',
    en: 'The package\u2019s imsmanifest.xml cannot be read (it must be well-formed XML, in UTF-8, of at most 2 MB): export it again from the tool that made it.',
    de: 'Die imsmanifest.xml des Pakets ist nicht lesbar (sie muss wohlgeformtes XML in UTF-8 mit höchstens 2 MB sein): Exportieren Sie es erneut aus dem Werkzeug, mit dem es erstellt wurde.',
  },
  'manifest-invalid-line': {
    it: 'Il file imsmanifest.xml del pacchetto non è un XML valido (errore alla riga {detail}): esportalo di nuovo dallo strumento con cui è stato creato.',
    en: 'The package\u2019s imsmanifest.xml is not valid XML (an error on line {detail}): export it again from the tool that made it.',
    de: 'Die imsmanifest.xml des Pakets ist kein gültiges XML (Fehler in Zeile {detail}): Exportieren Sie es erneut aus dem Werkzeug, mit dem es erstellt wurde.',
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
  contentGrantRefused: {
    it: 'Questo indirizzo del contenuto SCORM non è valido o è scaduto: riapri la sessione dal corso.',
    en: 'This SCORM content address is not valid or has expired: open the session again from the course.',
    de: 'Diese Adresse des SCORM-Inhalts ist ungültig oder abgelaufen: Öffnen Sie die Sitzung erneut über den Kurs.',
  },
  contentFrameTitle: {
    it: 'Contenuto del pacchetto SCORM',
    en: 'SCORM package content',
    de: 'Inhalt des SCORM-Pakets',
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
