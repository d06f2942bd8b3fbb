import { localized, type Language } from '../messages.ts';

/** Refusals of the media library (uploads in parts, their checks, replace, delete) and of serving a medium, in every supported language. */
const MEDIA_MESSAGES = {
  mediaNotFound: {
    it: 'Contenuto multimediale non trovato: {key}',
    en: 'Media file not found: {key}',
    de: 'Mediendatei nicht gefunden: {key}',
  },
  mediaChanging: {
    it: 'Il contenuto multimediale è in aggiornamento: riprova tra un istante.',
    en: 'The media file is being updated: try again in a moment.',
    de: 'Die Mediendatei wird gerade aktualisiert: Versuchen Sie es gleich noch einmal.',
  },
  mediaTypeNotAllowed: {
    it: 'Tipo di file non ammesso ({type}): sono ammessi video MP4, M4V o WebM, documenti PDF, sottotitoli WebVTT, immagini PNG, JPEG o WebP e pacchetti SCORM (zip).',
    en: 'File type not allowed ({type}): MP4, M4V or WebM videos, PDF documents, WebVTT captions, PNG, JPEG or WebP images and SCORM packages (zip) are.',
    de: 'Dateityp nicht erlaubt ({type}): Erlaubt sind MP4-, M4V- oder WebM-Videos, PDF-Dokumente, WebVTT-Untertitel, PNG-, JPEG- oder WebP-Bilder und SCORM-Pakete (ZIP).',
  },
  mediaTypeMismatch: {
    it: 'Il contenuto del file non è del tipo dichiarato ({declared}): risulta {detected}. Il tipo si riconosce dai byte, non dal nome.',
    en: "The file's content is not of the declared type ({declared}): it reads as {detected}. The type is told by the bytes, not the name.",
    de: 'Der Inhalt der Datei entspricht nicht dem angegebenen Typ ({declared}): erkannt wurde {detected}. Der Typ ergibt sich aus den Bytes, nicht aus dem Namen.',
  },
  mediaTypeUnknown: {
    it: 'di tipo sconosciuto',
    en: 'unknown',
    de: 'ein unbekannter Typ',
  },
  mediaNotPdf: {
    it: 'Il file non è un PDF valido: aprilo e salvalo di nuovo come PDF, poi ricaricalo.',
    en: 'The file is not a valid PDF: open it, save it again as a PDF, then upload it again.',
    de: 'Die Datei ist kein gültiges PDF: Öffnen Sie sie, speichern Sie sie erneut als PDF und laden Sie sie dann erneut hoch.',
  },
  mediaEmpty: {
    it: 'Il file è vuoto.',
    en: 'The file is empty.',
    de: 'Die Datei ist leer.',
  },
  mediaTooLarge: {
    it: 'Il file è troppo grande ({size}): il limite per questo tipo di file è {limit}.',
    en: 'The file is too large ({size}): the limit for this type of file is {limit}.',
    de: 'Die Datei ist zu groß ({size}): Die Grenze für diesen Dateityp liegt bei {limit}.',
  },
  mediaTruncated: {
    it: "Il file è incompleto (troncato o danneggiato): caricalo di nuovo dall'originale.",
    en: 'The file is incomplete (cut short or damaged): upload it again from the original.',
    de: 'Die Datei ist unvollständig (abgeschnitten oder beschädigt): Laden Sie sie erneut aus dem Original hoch.',
  },
  mediaNoIndex: {
    it: "Il video non ha l'indice (moov) senza cui non si può riprodurre: è probabilmente incompleto. Esportalo di nuovo e ricaricalo.",
    en: 'The video has no index (moov), without which it cannot play: it is probably incomplete. Export it again and upload it.',
    de: 'Dem Video fehlt der Index (moov), ohne den es nicht abgespielt werden kann: Es ist wahrscheinlich unvollständig. Exportieren Sie es erneut und laden Sie es hoch.',
  },
  mediaMalformed: {
    it: 'La struttura del file non è valida per il suo tipo ({type}).',
    en: "The file's structure is not valid for its type ({type}).",
    de: 'Der Aufbau der Datei ist für ihren Typ ({type}) nicht gültig.',
  },
  mediaNotUtf8: {
    it: 'I sottotitoli WebVTT devono essere in UTF-8: salvali con questa codifica e ricaricali.',
    en: 'WebVTT captions must be in UTF-8: save them in that encoding and upload them again.',
    de: 'WebVTT-Untertitel müssen in UTF-8 vorliegen: Speichern Sie sie in dieser Kodierung und laden Sie sie erneut hoch.',
  },
  mediaSizeMismatch: {
    it: 'È arrivato un file di {received} byte, ma ne erano stati dichiarati {declared}.',
    en: 'A file of {received} bytes arrived, but {declared} were declared.',
    de: 'Angekommen ist eine Datei mit {received} Byte, angegeben waren {declared}.',
  },
  mediaPartSize: {
    it: 'La parte {part} doveva essere di {expected} byte, ne sono stati inviati {received}: il file non è quello dichiarato.',
    en: 'Part {part} should have been {expected} bytes, {received} were sent: the file is not the one declared.',
    de: 'Teil {part} hätte {expected} Byte haben sollen, gesendet wurden {received}: Die Datei ist nicht die angegebene.',
  },
  mediaPartIncomplete: {
    it: 'La parte {part} non è arrivata intera (connessione interrotta?): inviala di nuovo.',
    en: 'Part {part} did not arrive whole (connection lost?): send it again.',
    de: 'Teil {part} ist nicht vollständig angekommen (Verbindung unterbrochen?): Senden Sie ihn erneut.',
  },
  mediaPartOutOfRange: {
    it: 'Il caricamento ha {count} parti: la parte {part} non esiste.',
    en: 'The upload has {count} parts: there is no part {part}.',
    de: 'Der Upload hat {count} Teile: Teil {part} gibt es nicht.',
  },
  uploadNotFound: {
    it: 'Caricamento non trovato, annullato o già concluso: {id}',
    en: 'Upload not found, cancelled or already finished: {id}',
    de: 'Upload nicht gefunden, abgebrochen oder bereits abgeschlossen: {id}',
  },
  uploadBusy: {
    it: 'Il file è in fase di verifica: attendi qualche istante.',
    en: 'The file is being checked: wait a moment.',
    de: 'Die Datei wird gerade geprüft: Warten Sie einen Moment.',
  },
  uploadPartsMissing: {
    it: 'Mancano ancora delle parti del file ({parts}): inviale e riprova.',
    en: 'Parts of the file are still missing ({parts}): send them and try again.',
    de: 'Es fehlen noch Teile der Datei ({parts}): Senden Sie sie und versuchen Sie es erneut.',
  },
  mediaKindChange: {
    it: 'Un file si sostituisce con uno dello stesso genere: quello da sostituire è {current}, il nuovo è {type}.',
    en: 'A file is replaced by one of the same kind: the one to replace is {current}, the new one is {type}.',
    de: 'Eine Datei wird durch eine derselben Art ersetzt: Die zu ersetzende ist {current}, die neue ist {type}.',
  },
  mediaInUse: {
    it: 'Il file è ancora usato e non si può eliminare: {uses}.',
    en: 'The file is still in use and cannot be deleted: {uses}.',
    de: 'Die Datei wird noch verwendet und kann nicht gelöscht werden: {uses}.',
  },
  mediaUseSession: {
    it: 'corso «{course}», sessione {module}.{session} «{title}»',
    en: 'course "{course}", session {module}.{session} "{title}"',
    de: 'Kurs „{course}“, Einheit {module}.{session} „{title}“',
  },
  mediaUseDraft: {
    it: 'bozza {kind} «{key}» ({locale})',
    en: 'draft {kind} "{key}" ({locale})',
    de: 'Entwurf {kind} „{key}“ ({locale})',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MediaMessageKey = keyof typeof MEDIA_MESSAGES;

export const mediaMessage = localized(MEDIA_MESSAGES);
