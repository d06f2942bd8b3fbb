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
  emailTaken: {
    it: 'Esiste già un account con l’e-mail «{email}».',
    en: 'An account with the e-mail "{email}" already exists.',
    de: 'Es gibt bereits ein Konto mit der E-Mail „{email}“.',
  },
  fiscalCodeTaken: {
    it: 'Esiste già un account con il codice fiscale «{code}».',
    en: 'An account with the codice fiscale "{code}" already exists.',
    de: 'Es gibt bereits ein Konto mit dem Codice fiscale „{code}“.',
  },
  peopleChanged: {
    it: 'Nel frattempo qualcun altro ha creato una di queste persone: non è stato scritto nulla. Riprova.',
    en: 'Meanwhile someone else created one of these people: nothing was written. Try again.',
    de: 'Inzwischen hat jemand anderes eine dieser Personen angelegt: Es wurde nichts gespeichert. Versuchen Sie es erneut.',
  },
  invitationNotInvited: {
    it: 'Questa persona ha già attivato il suo account: se non ricorda la password, mandale una nuova password.',
    en: 'This person has already activated their account: if they forgot the password, send them a new one.',
    de: 'Diese Person hat ihr Konto bereits aktiviert: Wenn sie das Passwort vergessen hat, senden Sie ihr ein neues.',
  },
  resetNotActive: {
    it: 'Si può mandare una nuova password solo a un account attivo: a un invitato rimanda l’invito, un account sospeso va prima riattivato.',
    en: 'A new password can only be sent to an active account: resend an invited person their invitation, and reactivate a suspended account first.',
    de: 'Ein neues Passwort kann nur an ein aktives Konto gesendet werden: Senden Sie eingeladenen Personen die Einladung erneut und reaktivieren Sie gesperrte Konten zuerst.',
  },
  personNoEmail: {
    it: 'Questa persona non ha un indirizzo e-mail valido: non le si può scrivere.',
    en: 'This person has no valid e-mail address: no message can be sent to them.',
    de: 'Diese Person hat keine gültige E-Mail-Adresse: Ihr kann keine Nachricht gesendet werden.',
  },
  personFederated: {
    it: 'Questa persona accede con un provider di identità: la password si gestisce lì.',
    en: 'This person signs in through an identity provider: the password is managed there.',
    de: 'Diese Person meldet sich über einen Identitätsanbieter an: Das Passwort wird dort verwaltet.',
  },
  resetTooMany: {
    it: 'A questa persona sono già partite 3 e-mail per una nuova password nell’ultima ora: riprova più tardi.',
    en: 'This person has already been sent 3 new-password e-mails in the last hour: try again later.',
    de: 'Diese Person hat in der letzten Stunde bereits 3 E-Mails für ein neues Passwort erhalten: Versuchen Sie es später erneut.',
  },
  invitationLinkInvalid: {
    it: 'Questo link di invito non è valido: controlla di averlo copiato per intero.',
    en: 'This invitation link is not valid: check that you copied all of it.',
    de: 'Dieser Einladungslink ist ungültig: Prüfen Sie, ob Sie ihn vollständig kopiert haben.',
  },
  invitationLinkExpired: {
    it: 'Questo link di invito è scaduto: chiedi alla segreteria del tuo provider di formazione di mandartene un altro.',
    en: 'This invitation link has expired: ask your training provider’s office to send you another one.',
    de: 'Dieser Einladungslink ist abgelaufen: Bitten Sie das Sekretariat Ihres Bildungsanbieters um einen neuen.',
  },
  invitationLinkUsed: {
    it: 'Questo link di invito è già stato usato o sostituito da uno più recente: accedi con la tua password, oppure usa l’ultimo invito ricevuto.',
    en: 'This invitation link has already been used or replaced by a newer one: sign in with your password, or use the latest invitation you received.',
    de: 'Dieser Einladungslink wurde bereits verwendet oder durch einen neueren ersetzt: Melden Sie sich mit Ihrem Passwort an oder nutzen Sie die neueste Einladung.',
  },
  csvUnreadable: {
    it: 'Il file non è un CSV leggibile: controlla le virgolette alla riga {line}.',
    en: 'The file is not a readable CSV: check the quotes on line {line}.',
    de: 'Die Datei ist keine lesbare CSV-Datei: Prüfen Sie die Anführungszeichen in Zeile {line}.',
  },
  csvEmpty: {
    it: 'Il file è vuoto: serve la riga delle colonne e almeno una riga di dati.',
    en: 'The file is empty: it needs the row of column names and at least one row of data.',
    de: 'Die Datei ist leer: Sie braucht die Zeile mit den Spaltennamen und mindestens eine Datenzeile.',
  },
  csvColumnMissing: {
    it: 'Nella prima riga manca la colonna «{column}». Le colonne sono: {columns}.',
    en: 'The first row lacks the column "{column}". The columns are: {columns}.',
    de: 'In der ersten Zeile fehlt die Spalte „{column}“. Die Spalten sind: {columns}.',
  },
  csvTooManyRows: {
    it: 'Il file ha più di {max} righe: dividilo in più file.',
    en: 'The file has more than {max} rows: split it into several files.',
    de: 'Die Datei hat mehr als {max} Zeilen: Teilen Sie sie in mehrere Dateien auf.',
  },
  importRequired: {
    it: 'Manca il valore di «{field}».',
    en: 'The value of "{field}" is missing.',
    de: 'Der Wert von „{field}“ fehlt.',
  },
  importTooLong: {
    it: '«{field}» supera {max} caratteri.',
    en: '"{field}" is over {max} characters.',
    de: '„{field}“ ist länger als {max} Zeichen.',
  },
  importEmail: {
    it: '«{value}» non è un indirizzo e-mail valido.',
    en: '"{value}" is not a valid e-mail address.',
    de: '„{value}“ ist keine gültige E-Mail-Adresse.',
  },
  importFiscalCode: {
    it: '«{value}» non è un codice fiscale valido (controlla il carattere finale).',
    en: '"{value}" is not a valid codice fiscale (check its last character).',
    de: '„{value}“ ist kein gültiger Codice fiscale (prüfen Sie das letzte Zeichen).',
  },
  importLocale: {
    it: 'La lingua «{value}» non è tra quelle del sito: {locales}.',
    en: 'The language "{value}" is not one of the site\'s: {locales}.',
    de: 'Die Sprache „{value}“ gehört nicht zu denen der Website: {locales}.',
  },
  importRepeated: {
    it: '«{value}» compare già alla riga {row}.',
    en: '"{value}" already appears on row {row}.',
    de: '„{value}“ steht bereits in Zeile {row}.',
  },
  importTwoPeople: {
    it: 'L’e-mail e il codice fiscale appartengono a due persone diverse: la riga non viene scritta.',
    en: 'The e-mail and the codice fiscale belong to two different people: the row is not written.',
    de: 'E-Mail und Codice fiscale gehören zu zwei verschiedenen Personen: Die Zeile wird nicht gespeichert.',
  },
  importStronger: {
    it: 'Questa persona ha permessi che il tuo ruolo non ha: i suoi dati non vengono modificati.',
    en: 'This person has permissions your role lacks: their details are not changed.',
    de: 'Diese Person hat Berechtigungen, die Ihre Rolle nicht hat: Ihre Daten werden nicht geändert.',
  },
  enrolCsvRefused: {
    it: 'Righe da correggere: {count}. Nessuno è stato iscritto: correggi il file e invialo di nuovo.',
    en: 'Rows to correct: {count}. No one was enrolled: correct the file and send it again.',
    de: 'Zu korrigierende Zeilen: {count}. Niemand wurde eingeschrieben: Korrigieren Sie die Datei und senden Sie sie erneut.',
  },
  enrolCsvEmpty: {
    it: 'Il file non contiene codici utente né e-mail.',
    en: 'The file contains no user codes or e-mails.',
    de: 'Die Datei enthält keine Benutzercodes oder E-Mails.',
  },
} as const;

export type PeopleMessageKey = keyof typeof PEOPLE_MESSAGES;

export function peopleMessage(key: PeopleMessageKey, language: Language, values: Record<string, string> = {}): string {
  return PEOPLE_MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
