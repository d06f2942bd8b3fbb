import { localized, type Language } from '../messages.ts';

/** Refusals of deleting one's account, in every supported language. */
const RIGHTS_MESSAGES = {
  deleteConfirmEmail: {
    it: "Per eliminare l'account scrivi l'indirizzo e-mail del tuo account, esattamente com'è.",
    en: "To delete the account, type your account's e-mail address exactly as it is.",
    de: 'Um das Konto zu löschen, geben Sie die E-Mail-Adresse Ihres Kontos genau so ein, wie sie ist.',
  },
  deleteConfirmCode: {
    it: "Per eliminare l'account scrivi il tuo codice utente, esattamente com'è.",
    en: 'To delete the account, type your user code exactly as it is.',
    de: 'Um das Konto zu löschen, geben Sie Ihren Benutzercode genau so ein, wie er ist.',
  },
  deleteTooMany: {
    it: "Troppi tentativi con la password: riprova tra un'ora.",
    en: 'Too many attempts with the password: try again in an hour.',
    de: 'Zu viele Versuche mit dem Passwort: Versuchen Sie es in einer Stunde erneut.',
  },
  deleteRaced: {
    it: "L'account è cambiato mentre lo eliminavi (per esempio la password o l'indirizzo e-mail): non è stato eliminato, riprova.",
    en: 'The account changed while you were deleting it (the password or the e-mail address, for instance): it was not deleted, try again.',
    de: 'Das Konto hat sich während des Löschens geändert (zum Beispiel das Passwort oder die E-Mail-Adresse): Es wurde nicht gelöscht, versuchen Sie es erneut.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type RightsMessageKey = keyof typeof RIGHTS_MESSAGES;

export const rightsMessage = localized(RIGHTS_MESSAGES);
