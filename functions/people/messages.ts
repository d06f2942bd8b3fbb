import type { Language } from '../messages.ts';

/** Refusals of people administration, enrolment and suspended sign-ins, in every supported language. */
const PEOPLE_MESSAGES = {
  accountSuspended: {
    it: 'Questo account è sospeso: non puoi accedere. Per sapere perché e come riattivarlo, rivolgiti al tuo provider di formazione.',
    en: 'This account is suspended: you cannot sign in. Ask your training provider why and how to have it reactivated.',
    de: 'Dieses Konto ist gesperrt: Sie können sich nicht anmelden. Fragen Sie Ihren Bildungsanbieter nach dem Grund und nach der Reaktivierung.',
  },
  personNotFound: {
    it: 'Persona non trovata: {id}',
    en: 'Person not found: {id}',
    de: 'Person nicht gefunden: {id}',
  },
  suspendSelf: {
    it: 'Non puoi sospendere il tuo stesso account.',
    en: 'You cannot suspend your own account.',
    de: 'Sie können Ihr eigenes Konto nicht sperren.',
  },
  suspendStronger: {
    it: 'Questo account ha permessi che il tuo ruolo non ha: può sospenderlo solo chi li ha.',
    en: 'This account has permissions your role lacks: only someone who has them can suspend it.',
    de: 'Dieses Konto hat Berechtigungen, die Ihre Rolle nicht hat: Nur wer sie hat, kann es sperren.',
  },
  loginNotFound: {
    it: 'Nessuna persona ha il codice utente o l’e-mail «{login}».',
    en: 'No one has the user code or e-mail "{login}".',
    de: 'Niemand hat den Benutzercode oder die E-Mail „{login}“.',
  },
  loginAmbiguous: {
    it: 'Più persone hanno l’e-mail «{login}»: indica il codice utente.',
    en: 'Several people have the e-mail "{login}": give the user code instead.',
    de: 'Mehrere Personen haben die E-Mail „{login}“: Geben Sie stattdessen den Benutzercode an.',
  },
  courseEnrolmentKey: {
    it: 'Per seguire il corso «{id}» serve l’iscrizione: inserisci la chiave del corso nella sua pagina.',
    en: 'The course "{id}" requires enrolment: enter the course key on its page.',
    de: 'Für den Kurs „{id}“ ist eine Einschreibung nötig: Geben Sie den Kursschlüssel auf seiner Seite ein.',
  },
  courseEnrolmentAsk: {
    it: 'Per seguire il corso «{id}» serve l’iscrizione: chiedila al tuo provider di formazione.',
    en: 'The course "{id}" requires enrolment: ask your training provider to enrol you.',
    de: 'Für den Kurs „{id}“ ist eine Einschreibung nötig: Bitten Sie Ihren Bildungsanbieter darum.',
  },
  courseClosed: {
    it: 'Il corso «{id}» è chiuso: per ora non si può seguire.',
    en: 'The course "{id}" is closed: it cannot be followed for now.',
    de: 'Der Kurs „{id}“ ist geschlossen: Er kann derzeit nicht besucht werden.',
  },
  courseKeyWrong: {
    it: 'La chiave del corso non è corretta: controllala e riprova.',
    en: 'The course key is not correct: check it and try again.',
    de: 'Der Kursschlüssel ist nicht korrekt: Prüfen Sie ihn und versuchen Sie es erneut.',
  },
  courseKeyNotTaken: {
    it: 'Il corso «{id}» non accetta una chiave: chiedi l’iscrizione al tuo provider di formazione.',
    en: 'The course "{id}" takes no course key: ask your training provider to enrol you.',
    de: 'Der Kurs „{id}“ nimmt keinen Kursschlüssel an: Bitten Sie Ihren Bildungsanbieter um die Einschreibung.',
  },
  courseOpen: {
    it: 'Il corso «{id}» è aperto a tutti: non serve iscriversi.',
    en: 'The course "{id}" is open to everyone: no enrolment is needed.',
    de: 'Der Kurs „{id}“ ist für alle offen: Eine Einschreibung ist nicht nötig.',
  },
  mediumRefused: {
    it: 'Questo contenuto appartiene a un corso che non ti è aperto: iscriviti al corso per vederlo.',
    en: 'This file belongs to a course that is not open to you: enrol in the course to see it.',
    de: 'Diese Datei gehört zu einem Kurs, der Ihnen nicht offensteht: Schreiben Sie sich in den Kurs ein, um sie zu sehen.',
  },
} as const;

export type PeopleMessageKey = keyof typeof PEOPLE_MESSAGES;

export function peopleMessage(key: PeopleMessageKey, language: Language, values: Record<string, string> = {}): string {
  return PEOPLE_MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
