import type { Language } from '../messages.ts';

/** Refusals of the ECM calls, in every supported language (the caller's tiles-locale-code picks one). */
const ECM_MESSAGES = {
  notEcm: {
    it: 'Il corso «{id}» non ha crediti ECM né una verifica di apprendimento.',
    en: 'The course "{id}" has no ECM credits and no learning assessment.',
    de: 'Der Kurs „{id}“ hat keine ECM-Punkte und keine Lernerfolgskontrolle.',
  },
  bankMissing: {
    it: 'La verifica di questo corso non è ancora disponibile.',
    en: 'The assessment of this course is not available yet.',
    de: 'Die Lernerfolgskontrolle dieses Kurses ist noch nicht verfügbar.',
  },
  // Worded without a verb or noun that agrees with the number ("min", "da completare"): one minute or session reads right too.
  sessionsMissing: {
    it: 'La verifica si apre quando tutte le sessioni sono completate: da completare {missing} su {total}.',
    en: 'The assessment opens once every session is complete: {missing} of {total} still to do.',
    de: 'Die Lernerfolgskontrolle öffnet, wenn alle Einheiten abgeschlossen sind: noch offen {missing} von {total}.',
  },
  timeMissing: {
    it: 'La verifica si apre dopo un tempo minimo di studio nel corso: ancora {minutes} min.',
    en: 'The assessment opens after a minimum learning time in the course: {minutes} min still to go.',
    de: 'Die Lernerfolgskontrolle öffnet nach einer Mindestlernzeit im Kurs: noch {minutes} Min.',
  },
  alreadyPassed: {
    it: 'Hai già superato la verifica di questo corso.',
    en: 'You have already passed the assessment of this course.',
    de: 'Sie haben die Lernerfolgskontrolle dieses Kurses bereits bestanden.',
  },
  noAttemptsLeft: {
    it: 'Hai usato tutti i {max} tentativi consentiti per questa verifica.',
    en: 'You have used all {max} attempts allowed for this assessment.',
    de: 'Sie haben alle {max} erlaubten Versuche für diese Lernerfolgskontrolle genutzt.',
  },
  attemptNotFound: {
    it: 'Tentativo non trovato: {id}',
    en: 'Attempt not found: {id}',
    de: 'Versuch nicht gefunden: {id}',
  },
  attemptClosed: {
    it: 'Questo tentativo è già stato consegnato: non si può più modificare.',
    en: 'This attempt has already been submitted: it can no longer change.',
    de: 'Dieser Versuch wurde bereits abgegeben und kann nicht mehr geändert werden.',
  },
  unknownQuestion: {
    it: 'La domanda «{id}» non fa parte di questo tentativo.',
    en: 'The question "{id}" is not part of this attempt.',
    de: 'Die Frage „{id}“ gehört nicht zu diesem Versuch.',
  },
  unknownOption: {
    it: 'La risposta alla domanda «{id}» non è una delle sue opzioni.',
    en: 'The answer to the question "{id}" is not one of its options.',
    de: 'Die Antwort auf die Frage „{id}“ ist keine ihrer Optionen.',
  },
  unansweredOne: {
    it: 'Rispondi a tutte le domande prima di consegnare: ne manca {count}.',
    en: 'Answer every question before submitting: {count} still unanswered.',
    de: 'Beantworten Sie vor der Abgabe alle Fragen: {count} ist noch offen.',
  },
  unansweredOther: {
    it: 'Rispondi a tutte le domande prima di consegnare: ne mancano {count}.',
    en: 'Answer every question before submitting: {count} still unanswered.',
    de: 'Beantworten Sie vor der Abgabe alle Fragen: {count} sind noch offen.',
  },
  reviewLocked: {
    it: 'Le risposte corrette si possono rivedere solo dopo aver superato la verifica.',
    en: 'The correct answers can be reviewed only after passing the assessment.',
    de: 'Die richtigen Antworten sind erst nach bestandener Lernerfolgskontrolle einsehbar.',
  },
  notPassed: {
    it: 'Il questionario di gradimento si compila dopo aver superato la verifica.',
    en: 'The satisfaction questionnaire comes after passing the assessment.',
    de: 'Der Zufriedenheitsfragebogen folgt nach bestandener Lernerfolgskontrolle.',
  },
  satisfactionDone: {
    it: 'Hai già compilato il questionario di gradimento di questo corso.',
    en: 'You have already filled in the satisfaction questionnaire of this course.',
    de: 'Sie haben den Zufriedenheitsfragebogen dieses Kurses bereits ausgefüllt.',
  },
  satisfactionMissing: {
    it: "Compila prima il questionario di gradimento: l'attestato viene rilasciato dopo.",
    en: 'Fill in the satisfaction questionnaire first: the certificate is issued after it.',
    de: 'Füllen Sie zuerst den Zufriedenheitsfragebogen aus: Die Bescheinigung wird danach ausgestellt.',
  },
  profileMissing: {
    it: "Per rilasciare l'attestato mancano questi dati: {fields}.",
    en: 'The certificate needs these details first: {fields}.',
    de: 'Für die Bescheinigung fehlen noch diese Angaben: {fields}.',
  },
  fiscalCodeInvalid: {
    it: 'Il codice fiscale non è valido: controlla le lettere e il carattere di controllo finale.',
    en: 'The codice fiscale is not valid: check its letters and the final check character.',
    de: 'Die Steuernummer (Codice fiscale) ist ungültig: Prüfen Sie die Buchstaben und das Prüfzeichen am Ende.',
  },
  fiscalCodeNames: {
    it: 'Il codice fiscale non corrisponde al nome e al cognome del tuo account: controlla il codice, oppure correggi nome e cognome in «Dati personali».',
    en: 'The codice fiscale does not match the first and last name of your account: check the code, or correct your name under "Personal data".',
    de: 'Die Steuernummer (Codice fiscale) passt nicht zu Vor- und Nachnamen Ihres Kontos: Prüfen Sie die Nummer oder korrigieren Sie Ihren Namen unter „Persönliche Daten“.',
  },
  fiscalCodeGender: {
    it: 'Il codice fiscale non corrisponde al genere indicato nel tuo account (nel codice, il giorno di nascita delle donne è aumentato di 40): controlla il codice o il genere.',
    en: 'The codice fiscale does not match the gender on your account (in the code, a woman’s day of birth has 40 added): check the code or the gender.',
    de: 'Die Steuernummer (Codice fiscale) passt nicht zum Geschlecht in Ihrem Konto (bei Frauen ist der Geburtstag in der Nummer um 40 erhöht): Prüfen Sie die Nummer oder das Geschlecht.',
  },
  fiscalCodeTaken: {
    it: 'Questo codice fiscale è già associato a un altro account. Se è il tuo, scrivi all’assistenza del tuo provider di formazione: verificherà e lo collegherà all’account giusto.',
    en: 'This codice fiscale already belongs to another account. If it is yours, write to your training provider’s support: they will check and link it to the right account.',
    de: 'Diese Steuernummer (Codice fiscale) gehört bereits zu einem anderen Konto. Wenn es Ihre ist, schreiben Sie dem Support Ihres Bildungsanbieters: Er prüft das und ordnet sie dem richtigen Konto zu.',
  },
  professionUnknown: {
    it: 'Professione sconosciuta: {id}',
    en: 'Unknown profession: {id}',
    de: 'Unbekannter Beruf: {id}',
  },
  disciplineMismatch: {
    it: 'La disciplina scelta non appartiene alla professione scelta.',
    en: 'The chosen discipline does not belong to the chosen profession.',
    de: 'Die gewählte Fachrichtung gehört nicht zum gewählten Beruf.',
  },
  certificateNotFound: {
    it: 'Attestato non trovato: {code}',
    en: 'Certificate not found: {code}',
    de: 'Bescheinigung nicht gefunden: {code}',
  },
  providerMissing: {
    it: 'Il provider ECM di questo sito non è configurato: l’attestato non può essere rilasciato.',
    en: 'This site has no ECM provider configured: the certificate cannot be issued.',
    de: 'Für diese Website ist kein ECM-Anbieter eingerichtet: Die Bescheinigung kann nicht ausgestellt werden.',
  },
  bankTooFew: {
    it: 'La banca domande ha {count} domande: per {credits} crediti ne servono almeno {required}.',
    en: 'The question bank has {count} questions: {credits} credits need at least {required}.',
    de: 'Der Fragenpool hat {count} Fragen: {credits} Punkte erfordern mindestens {required}.',
  },
  bankOptions: {
    it: 'La domanda {question} ha {count} opzioni: ne servono esattamente 4.',
    en: 'Question {question} has {count} options: exactly 4 are needed.',
    de: 'Frage {question} hat {count} Optionen: Genau 4 sind nötig.',
  },
  bankEmptyOption: {
    it: "La domanda {question} ha l'opzione {option} vuota.",
    en: 'Question {question} has an empty option {option}.',
    de: 'Frage {question} hat eine leere Option {option}.',
  },
  bankSameOptions: {
    it: 'La domanda {question} ha due opzioni uguali.',
    en: 'Question {question} has two identical options.',
    de: 'Frage {question} hat zwei gleiche Optionen.',
  },
  bankNoCorrect: {
    it: 'La domanda {question} non indica la sua unica opzione corretta.',
    en: 'Question {question} does not mark its one correct option.',
    de: 'Frage {question} kennzeichnet ihre einzige richtige Option nicht.',
  },
  bankDuplicateId: {
    it: 'La domanda {question} ripete l’identificativo «{id}» di un’altra domanda.',
    en: 'Question {question} repeats the id "{id}" of another question.',
    de: 'Frage {question} wiederholt die Kennung „{id}“ einer anderen Frage.',
  },
  editionNone: {
    it: 'Il corso «{id}» non ha ancora edizioni: impostane una nella schermata ECM.',
    en: 'The course "{id}" has no edition yet: set one up on the ECM screen.',
    de: 'Der Kurs „{id}“ hat noch keine Ausgabe: Legen Sie eine in der ECM-Ansicht an.',
  },
  editionNotFound: {
    it: 'Il corso «{id}» non ha un’edizione {edition}.',
    en: 'The course "{id}" has no edition {edition}.',
    de: 'Der Kurs „{id}“ hat keine Ausgabe {edition}.',
  },
  editionClosed: {
    it: 'Nessuna edizione di questo corso è aperta oggi: la verifica si svolge solo durante un’edizione.',
    en: 'No edition of this course is open today: the assessment can be taken only during an edition.',
    de: 'Heute ist keine Ausgabe dieses Kurses geöffnet: Die Lernerfolgskontrolle ist nur während einer Ausgabe möglich.',
  },
  editionDay: {
    it: 'La data «{day}» non è un giorno del calendario (AAAA-MM-GG).',
    en: 'The date "{day}" is not a calendar day (YYYY-MM-DD).',
    de: 'Das Datum „{day}“ ist kein Kalendertag (JJJJ-MM-TT).',
  },
  editionOrder: {
    it: 'La data di fine viene prima della data di inizio.',
    en: 'The end date comes before the start date.',
    de: 'Das Enddatum liegt vor dem Anfangsdatum.',
  },
  editionTooLong: {
    it: 'Un’edizione dura al massimo {max} giorni: questa ne dura {days}.',
    en: 'An edition lasts at most {max} days: this one lasts {days}.',
    de: 'Eine Ausgabe dauert höchstens {max} Tage: Diese dauert {days}.',
  },
  editionTriennium: {
    it: 'Un’edizione inizia e finisce nello stesso triennio ECM ({from}–{to}).',
    en: 'An edition starts and ends in the same ECM triennium ({from}–{to}).',
    de: 'Eine Ausgabe beginnt und endet im selben ECM-Dreijahreszeitraum ({from}–{to}).',
  },
  editionOverlap: {
    it: 'Le date si sovrappongono all’edizione {edition} ({from} – {to}).',
    en: 'The dates overlap edition {edition} ({from} – {to}).',
    de: 'Die Daten überschneiden sich mit Ausgabe {edition} ({from} – {to}).',
  },
  creditsPattern: {
    it: 'I crediti si scrivono con una cifra decimale e il punto, fino a 50.0 (per esempio 8.0 o 12.5): «{credits}» non va bene.',
    en: 'Credits are written with one decimal and a full stop, up to 50.0 (for example 8.0 or 12.5): "{credits}" does not fit.',
    de: 'Punkte werden mit einer Dezimalstelle und Punkt geschrieben, höchstens 50.0 (zum Beispiel 8.0 oder 12.5): „{credits}“ passt nicht.',
  },
  objectiveUnknown: {
    it: 'Obiettivo formativo sconosciuto: {id}',
    en: 'Unknown training objective: {id}',
    de: 'Unbekanntes Fortbildungsziel: {id}',
  },
  disciplineUnknown: {
    it: 'Discipline sconosciute: {codes}',
    en: 'Unknown disciplines: {codes}',
    de: 'Unbekannte Fachrichtungen: {codes}',
  },
  recruitFiscalCode: {
    it: 'Il codice fiscale del partecipante reclutato «{code}» non è valido.',
    en: 'The codice fiscale of the recruited participant "{code}" is not valid.',
    de: 'Die Steuernummer des angeworbenen Teilnehmers „{code}“ ist ungültig.',
  },
  reportProvider: {
    it: 'Per il rapporto servono il codice del provider e il codice di accreditamento (3 cifre): completali nella schermata ECM.',
    en: 'The report needs the provider id and the 3-digit accreditation code: fill them in on the ECM screen.',
    de: 'Der Bericht braucht die Anbieterkennung und den dreistelligen Akkreditierungscode: Ergänzen Sie sie in der ECM-Ansicht.',
  },
  reportEmployment: {
    it: '{count} partecipanti non hanno indicato il rapporto di lavoro (libero professionista, dipendente, convenzionato, privo di occupazione): il rapporto non può essere generato.',
    en: '{count} participants have not stated their working relationship (self-employed, employee, contracted, not employed): the report cannot be produced.',
    de: '{count} Teilnehmende haben ihr Arbeitsverhältnis nicht angegeben (selbstständig, angestellt, vertraglich gebunden, ohne Beschäftigung): Der Bericht kann nicht erstellt werden.',
  },
  signatureImage: {
    it: 'La firma deve essere un’immagine PNG o JPEG di al massimo 200 KB.',
    en: 'The signature must be a PNG or JPEG image of at most 200 KB.',
    de: 'Die Unterschrift muss ein PNG- oder JPEG-Bild von höchstens 200 KB sein.',
  },
  fieldEmployment: { it: 'rapporto di lavoro', en: 'working relationship', de: 'Arbeitsverhältnis' },
  fieldFiscalCode: { it: 'codice fiscale', en: 'codice fiscale (tax code)', de: 'Steuernummer (Codice fiscale)' },
  fieldProfession: { it: 'professione', en: 'profession', de: 'Beruf' },
  fieldDiscipline: { it: 'disciplina', en: 'discipline', de: 'Fachrichtung' },
} as const;

export type EcmMessageKey = keyof typeof ECM_MESSAGES;

export function ecmMessage(key: EcmMessageKey, language: Language, values: Record<string, string | number> = {}): string {
  return ECM_MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
