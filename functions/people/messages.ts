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
  eraseSelf: {
    it: 'Non puoi eliminare il tuo account da qui: usa la pagina «I tuoi dati» del tuo profilo.',
    en: 'You cannot delete your own account here: use the "Your data" page of your profile.',
    de: 'Sie können Ihr eigenes Konto nicht hier löschen: Nutzen Sie die Seite „Ihre Daten“ in Ihrem Profil.',
  },
  eraseStronger: {
    it: 'Questo account ha permessi che il tuo ruolo non ha: può eliminarlo solo chi li ha.',
    en: 'This account has permissions your role lacks: only someone who has them can delete it.',
    de: 'Dieses Konto hat Berechtigungen, die Ihre Rolle nicht hat: Nur wer sie hat, kann es löschen.',
  },
  erasedAlready: {
    it: 'Questo account è già stato eliminato: non c’è più nulla da cancellare.',
    en: 'This account has already been deleted: there is nothing left to erase.',
    de: 'Dieses Konto wurde bereits gelöscht: Es gibt nichts mehr zu löschen.',
  },
  eraseRaced: {
    it: 'L’account è cambiato mentre lo eliminavi (per esempio la password o l’indirizzo e-mail): non è stato eliminato, riprova.',
    en: 'The account changed while you were deleting it (the password or the e-mail address, for instance): it was not deleted, try again.',
    de: 'Das Konto hat sich während des Löschens geändert (zum Beispiel das Passwort oder die E-Mail-Adresse): Es wurde nicht gelöscht, versuchen Sie es erneut.',
  },
  editStronger: {
    it: 'Questo account ha permessi che il tuo ruolo non ha: può modificarne i dati solo chi li ha.',
    en: 'This account has permissions your role lacks: only someone who has them can change its data.',
    de: 'Dieses Konto hat Berechtigungen, die Ihre Rolle nicht hat: Nur wer sie hat, kann seine Daten ändern.',
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
    it: 'Il codice fiscale «{code}» è già dell’account di {name} (codice utente {user}). Se è un errore, correggilo nella scheda di quella persona.',
    en: 'The codice fiscale "{code}" already belongs to the account of {name} (user code {user}). If that is a mistake, correct it on that person’s page.',
    de: 'Der Codice fiscale „{code}“ gehört bereits zum Konto von {name} (Benutzercode {user}). Falls das ein Fehler ist, korrigieren Sie ihn auf der Seite dieser Person.',
  },
  fiscalCodeRace: {
    it: 'Nel frattempo un altro account ha salvato uno di questi codici fiscali: ricontrolla e riprova.',
    en: 'Meanwhile another account saved one of these codici fiscali: check again and retry.',
    de: 'Inzwischen hat ein anderes Konto einen dieser Codici fiscali gespeichert: Prüfen Sie erneut und versuchen Sie es noch einmal.',
  },
  fiscalCodeNames: {
    it: 'Il codice fiscale «{code}» non corrisponde a nome e cognome ({name}): le prime sei lettere vengono da cognome e nome.',
    en: 'The codice fiscale "{code}" does not match the first and last name ({name}): its first six letters come from the surname and the name.',
    de: 'Der Codice fiscale „{code}“ passt nicht zu Vor- und Nachnamen ({name}): Seine ersten sechs Buchstaben stammen aus Nach- und Vornamen.',
  },
  fiscalCodeGender: {
    it: 'Il codice fiscale «{code}» non corrisponde al genere dell’account (nel codice, il giorno di nascita delle donne è aumentato di 40).',
    en: 'The codice fiscale "{code}" does not match the account’s gender (in the code, a woman’s day of birth has 40 added).',
    de: 'Der Codice fiscale „{code}“ passt nicht zum Geschlecht des Kontos (bei Frauen ist der Geburtstag in der Nummer um 40 erhöht).',
  },
  fiscalCodeStronger: {
    it: 'Questa persona ha permessi che il tuo ruolo non ha: può cambiarne il codice fiscale solo chi li ha.',
    en: 'This person has permissions your role lacks: only someone who has them can change their codice fiscale.',
    de: 'Diese Person hat Berechtigungen, die Ihre Rolle nicht hat: Nur wer sie hat, kann ihren Codice fiscale ändern.',
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
    it: 'Si può mandare una nuova password solo a un account attivo: a chi ha ancora l’invito in sospeso rimandalo, un account sospeso va prima riattivato.',
    en: 'A new password can only be sent to an active account: resend the invitation to someone who has not accepted it yet, and reactivate a suspended account first.',
    de: 'Ein neues Passwort kann nur an ein aktives Konto gesendet werden: Senden Sie die Einladung erneut, wenn sie noch nicht angenommen wurde, und reaktivieren Sie gesperrte Konten zuerst.',
  },
  resetPending: {
    it: 'Questa persona non ha ancora confermato il suo indirizzo: mandale di nuovo il link di conferma, che attiva l’account con la password scelta al momento della registrazione.',
    en: 'This person has not confirmed their address yet: send them the confirmation link again, which activates the account with the password chosen when registering.',
    de: 'Diese Person hat ihre Adresse noch nicht bestätigt: Senden Sie ihr den Bestätigungslink erneut; er aktiviert das Konto mit dem bei der Registrierung gewählten Passwort.',
  },
  invitationPending: {
    it: 'Questa persona si è registrata da sé e non ha ancora confermato l’indirizzo: mandale di nuovo il link di conferma.',
    en: 'This person registered on their own and has not confirmed the address yet: send them the confirmation link again.',
    de: 'Diese Person hat sich selbst registriert und die Adresse noch nicht bestätigt: Senden Sie ihr den Bestätigungslink erneut.',
  },
  personSuspendedFirst: {
    it: 'Questo account è sospeso: riattivalo prima di scrivere alla persona.',
    en: 'This account is suspended: reactivate it before writing to the person.',
    de: 'Dieses Konto ist gesperrt: Reaktivieren Sie es, bevor Sie der Person schreiben.',
  },
  confirmationNotPending: {
    it: 'Questa persona non ha una registrazione in attesa di conferma: non c’è un link di conferma da mandare.',
    en: 'This person has no registration waiting for confirmation: there is no confirmation link to send.',
    de: 'Diese Person hat keine Registrierung, die auf Bestätigung wartet: Es gibt keinen Bestätigungslink zu senden.',
  },
  confirmationTooMany: {
    it: 'A questo indirizzo sono già partite 3 e-mail di registrazione nell’ultima ora: riprova più tardi.',
    en: 'This address has already been sent 3 registration e-mails in the last hour: try again later.',
    de: 'An diese Adresse wurden in der letzten Stunde bereits 3 Registrierungs-E-Mails gesendet: Versuchen Sie es später erneut.',
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
  importFiscalCodeShape: {
    it: '«{value}» non ha la forma di un codice fiscale: 16 caratteri, lettere e cifre al loro posto (per esempio RSSMRA85M01H501Q).',
    en: '"{value}" is not shaped like a codice fiscale: 16 characters, letters and digits in their places (for example RSSMRA85M01H501Q).',
    de: '„{value}“ hat nicht die Form eines Codice fiscale: 16 Zeichen, Buchstaben und Ziffern an ihrem Platz (zum Beispiel RSSMRA85M01H501Q).',
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
  importTwoAccounts: {
    it: 'L’e-mail «{email}» è dell’account {emailUser} e il codice fiscale «{code}» dell’account {codeUser}: sono due persone diverse, la riga non viene scritta. Correggi la riga o i due account.',
    en: 'The e-mail "{email}" belongs to the account {emailUser} and the codice fiscale "{code}" to the account {codeUser}: two different people, the row is not written. Correct the row or the two accounts.',
    de: 'Die E-Mail „{email}“ gehört zum Konto {emailUser} und der Codice fiscale „{code}“ zum Konto {codeUser}: zwei verschiedene Personen, die Zeile wird nicht gespeichert. Korrigieren Sie die Zeile oder die beiden Konten.',
  },
  importFiscalCodeNames: {
    it: '«{value}» non corrisponde a nome e cognome della riga: le prime sei lettere vengono da cognome e nome.',
    en: '"{value}" does not match the row’s first and last name: its first six letters come from the surname and the name.',
    de: '„{value}“ passt nicht zu Vor- und Nachnamen der Zeile: Die ersten sechs Buchstaben stammen aus Nach- und Vornamen.',
  },
  personFiscalCodeNames: {
    it: '«{value}» non corrisponde a nome e cognome: le prime sei lettere vengono da cognome e nome.',
    en: '"{value}" does not match the first and last name: its first six letters come from the surname and the name.',
    de: '„{value}“ passt nicht zu Vor- und Nachnamen: Die ersten sechs Buchstaben stammen aus Nach- und Vornamen.',
  },
  importAccountFiscalCode: {
    it: 'Con questi nomi l’account {user} non corrisponderebbe più al suo codice fiscale «{value}»: la riga non viene scritta.',
    en: 'With these names the account {user} would no longer match its codice fiscale "{value}": the row is not written.',
    de: 'Mit diesen Namen passte das Konto {user} nicht mehr zu seinem Codice fiscale „{value}“: Die Zeile wird nicht gespeichert.',
  },
  importSkippedByEmail: {
    it: 'Saltata: l’e-mail è già dell’account {user}.',
    en: 'Skipped: the e-mail already belongs to the account {user}.',
    de: 'Übersprungen: Die E-Mail gehört bereits zum Konto {user}.',
  },
  importSkippedByFiscalCode: {
    it: 'Saltata: il codice fiscale è già dell’account {user}.',
    en: 'Skipped: the codice fiscale already belongs to the account {user}.',
    de: 'Übersprungen: Der Codice fiscale gehört bereits zum Konto {user}.',
  },
  importSkippedUnchanged: {
    it: 'Nessuna modifica: i dati coincidono con quelli dell’account {user}.',
    en: 'Nothing to change: the details are those of the account {user} already.',
    de: 'Nichts zu ändern: Die Angaben sind bereits die des Kontos {user}.',
  },
  importEmailKept: {
    it: 'L’e-mail resta «{before}»: l’account è già attivo e la cambia solo la persona stessa dal suo profilo (l’import non cambia mai e-mail né password di un account attivo).',
    en: 'The e-mail stays "{before}": the account is active already and only its owner changes it, from their profile (an import never changes an active account’s e-mail or password).',
    de: 'Die E-Mail bleibt „{before}“: Das Konto ist bereits aktiv, nur die Person selbst ändert sie in ihrem Profil (ein Import ändert nie E-Mail oder Passwort eines aktiven Kontos).',
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
