import { localized, type Language } from '../messages.ts';

/** Refusals of the CMS: documents, drafts, versions, publishing and course structure, in every supported language. */
const CMS_MESSAGES = {
  versionNotFound: {
    it: 'Versione non trovata: {id}',
    en: 'Version not found: {id}',
    de: 'Version nicht gefunden: {id}',
  },
  documentNotFound: {
    it: 'Contenuto non trovato: {kind} «{key}»',
    en: 'Content not found: {kind} "{key}"',
    de: 'Inhalt nicht gefunden: {kind} „{key}“',
  },
  reservedKey: {
    it: "La chiave «{key}» è riservata: è già un indirizzo del sito. Scegline un'altra.",
    en: 'The key "{key}" is reserved: the site already uses that address. Choose another one.',
    de: 'Der Schlüssel „{key}“ ist reserviert: Die Website verwendet diese Adresse bereits. Wählen Sie einen anderen.',
  },
  placeholdersChanged: {
    it: 'Il testo deve mantenere i segnaposto del testo pubblicato. Mancano: {missing}. Sconosciuti: {unknown}.',
    en: 'The text must keep the placeholders of the published text. Missing: {missing}. Unknown: {unknown}.',
    de: 'Der Text muss die Platzhalter des veröffentlichten Textes behalten. Fehlend: {missing}. Unbekannt: {unknown}.',
  },
  nothingToPublishInCourse: {
    it: 'Il corso «{id}» non ha bozze da pubblicare.',
    en: 'The course "{id}" has no drafts to publish.',
    de: 'Der Kurs „{id}“ hat keine Entwürfe zu veröffentlichen.',
  },
  buildNotFound: {
    it: 'Richiesta di pubblicazione non trovata: {id}',
    en: 'Publish request not found: {id}',
    de: 'Veröffentlichungsauftrag nicht gefunden: {id}',
  },
  structureDefaultLocale: {
    it: 'La struttura di un corso e l’elenco delle categorie non hanno traduzioni: si modificano nella lingua principale del sito ({locale}).',
    en: 'A course’s structure and the list of categories are not translated: edit them in the site’s main language ({locale}).',
    de: 'Die Struktur eines Kurses und die Liste der Kategorien werden nicht übersetzt: Bearbeiten Sie sie in der Hauptsprache der Website ({locale}).',
  },
  courseIdTaken: {
    it: 'L’indirizzo «{id}» è già usato da un altro corso: scegline un altro.',
    en: 'The address "{id}" is already used by another course: choose another.',
    de: 'Die Adresse „{id}“ wird bereits von einem anderen Kurs verwendet: Wählen Sie eine andere.',
  },
  categoryIdTaken: {
    it: 'L’indirizzo «{id}» è già usato da un’altra categoria: scegline un altro.',
    en: 'The address "{id}" is already used by another category: choose another.',
    de: 'Die Adresse „{id}“ wird bereits von einer anderen Kategorie verwendet: Wählen Sie eine andere.',
  },
  categoryUnknown: {
    it: 'La categoria «{id}» non esiste.',
    en: 'The category "{id}" does not exist.',
    de: 'Die Kategorie „{id}“ existiert nicht.',
  },
  categoryMissing: {
    it: 'L’elenco deve contenere tutte le categorie: manca «{id}» (le categorie non si eliminano).',
    en: 'The list must hold every category: "{id}" is missing (categories are not deleted).',
    de: 'Die Liste muss alle Kategorien enthalten: „{id}“ fehlt (Kategorien werden nicht gelöscht).',
  },
  numberRemoved: {
    it: 'Il numero {key} apparteneva a un modulo o a una sessione eliminati: i numeri non si riusano, perché i dati dei discenti li nominano ancora.',
    en: 'Number {key} belonged to a removed module or session: numbers are not reused, as learners’ records still name them.',
    de: 'Die Nummer {key} gehörte zu einem entfernten Modul oder einer entfernten Lektion: Nummern werden nicht wiederverwendet, da die Daten der Lernenden sie noch nennen.',
  },
  courseWithoutSessions: {
    it: 'Il corso «{id}» non ha ancora nessuna sessione: aggiungine almeno una prima di pubblicarlo.',
    en: 'The course "{id}" has no session yet: add at least one before publishing it.',
    de: 'Der Kurs „{id}“ hat noch keine Lektion: Fügen Sie vor der Veröffentlichung mindestens eine hinzu.',
  },
  titleMissing: {
    it: 'Manca il titolo ({locale}) di «{key}»: scrivilo prima di pubblicare.',
    en: 'The title ({locale}) of "{key}" is missing: write it before publishing.',
    de: 'Der Titel ({locale}) von „{key}“ fehlt: Schreiben Sie ihn vor der Veröffentlichung.',
  },
  editConflict: {
    it: 'Nessuna modifica salvata: qualcun altro ha salvato questo contenuto dopo che lo hai aperto. Ricarica l’ultima versione e riporta le tue modifiche.',
    en: 'Nothing saved: someone else saved this content after you opened it. Load the latest version and bring your changes over.',
    de: 'Nichts gespeichert: Jemand anderes hat diesen Inhalt gespeichert, nachdem Sie ihn geöffnet haben. Laden Sie die neueste Version und übernehmen Sie Ihre Änderungen.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type CmsMessageKey = keyof typeof CMS_MESSAGES;

export const cmsMessage = localized(CMS_MESSAGES);
