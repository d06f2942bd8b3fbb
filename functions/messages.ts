/**
 * The API's shared error messages in every supported language (the request's tiles-locale-code
 * picks one): those of the request itself (session, permission, origin, body, input, path, rate,
 * byte range, server error), which belong to no feature. Each feature keeps its own in its folder
 * (`functions/<feature>/messages.ts`), read through `localized`.
 */
const MESSAGES = {
  unauthorized: {
    it: 'Sessione assente o scaduta: accedi di nuovo.',
    en: 'No valid session: please sign in again.',
    de: 'Keine gültige Sitzung: bitte erneut anmelden.',
  },
  crossSite: {
    it: 'Richiesta rifiutata: proviene da un altro sito.',
    en: 'Request refused: it comes from another site.',
    de: 'Anfrage abgelehnt: Sie stammt von einer anderen Website.',
  },
  forbidden: {
    it: 'Il tuo ruolo non consente questa operazione ({permission}).',
    en: 'Your role does not allow this action ({permission}).',
    de: 'Ihre Rolle erlaubt diese Aktion nicht ({permission}).',
  },
  invalidField: {
    it: 'Il campo «{field}» non è valido: {detail}',
    en: 'The field "{field}" is invalid: {detail}',
    de: 'Das Feld „{field}“ ist ungültig: {detail}',
  },
  hiddenCharacter: {
    it: 'contiene un carattere di controllo o invisibile ({character}), non ammesso: toglilo e riprova.',
    en: 'it contains a control or invisible character ({character}), which is not allowed: remove it and try again.',
    de: 'enthält ein Steuer- oder unsichtbares Zeichen ({character}), das nicht erlaubt ist: Entfernen Sie es und versuchen Sie es erneut.',
  },
  invalidJson: {
    it: 'Il corpo della richiesta non è un JSON valido.',
    en: 'The request body is not valid JSON.',
    de: 'Der Anfragetext ist kein gültiges JSON.',
  },
  bodyTooLarge: {
    it: 'Il corpo della richiesta è troppo grande.',
    en: 'The request body is too large.',
    de: 'Der Anfragetext ist zu groß.',
  },
  unsupportedMediaType: {
    it: 'Il corpo della richiesta deve essere application/json.',
    en: 'The request body must be application/json.',
    de: 'Der Anfragetext muss application/json sein.',
  },
  notFound: {
    it: 'Risorsa non trovata: {path}',
    en: 'Resource not found: {path}',
    de: 'Ressource nicht gefunden: {path}',
  },
  rangeNotSatisfiable: {
    it: 'Intervallo di byte non disponibile: il file è di {size} byte.',
    en: 'Byte range not available: the file is {size} bytes long.',
    de: 'Bytebereich nicht verfügbar: Die Datei ist {size} Byte groß.',
  },
  octetStreamRequired: {
    it: 'Le parti di un file vanno inviate come application/octet-stream.',
    en: 'The parts of a file must be sent as application/octet-stream.',
    de: 'Die Teile einer Datei müssen als application/octet-stream gesendet werden.',
  },
  fileTooLarge: {
    it: 'Il file supera il limite di {max}: scegline uno più piccolo.',
    en: 'The file is over the {max} limit: choose a smaller one.',
    de: 'Die Datei überschreitet die Grenze von {max}: Wählen Sie eine kleinere Datei.',
  },
  lengthRequired: {
    it: 'Ogni parte di un file va inviata con la sua lunghezza (Content-Length).',
    en: 'Each part of a file must be sent with its length (Content-Length).',
    de: 'Jeder Teil einer Datei muss mit seiner Länge (Content-Length) gesendet werden.',
  },
  methodNotAllowed: {
    it: 'Metodo {method} non consentito su {path}',
    en: 'Method {method} not allowed on {path}',
    de: 'Methode {method} ist für {path} nicht erlaubt',
  },
  tooManyRequests: {
    it: 'Troppe richieste in poco tempo: riprova tra {seconds} secondi.',
    en: 'Too many requests in a short time: try again in {seconds} seconds.',
    de: 'Zu viele Anfragen in kurzer Zeit: Versuchen Sie es in {seconds} Sekunden erneut.',
  },
  internal: {
    it: 'Errore interno del server.',
    en: 'Internal server error.',
    de: 'Interner Serverfehler.',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Language = 'it' | 'en' | 'de';

export function languageOf(localeCode: string | null | undefined): Language {
  const language = localeCode?.slice(0, 2);
  return language === 'en' || language === 'de' ? language : 'it';
}

/**
 * The reader of one table of messages (this file's, or a feature's own `messages.ts`): the text in
 * the caller's language with its `{name}` placeholders filled from `values` (a missing one is empty).
 */
export function localized<Key extends string>(table: Record<Key, Record<Language, string>>) {
  return (key: Key, language: Language, values: Record<string, string> = {}): string =>
    table[key][language].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

export const message = localized(MESSAGES);
