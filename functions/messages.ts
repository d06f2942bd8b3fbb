/** API error messages in every supported language; the request's tiles-locale-code picks one. */
const MESSAGES = {
  invalidCredentials: {
    it: 'Codice utente (o e-mail) o password non corretti.',
    en: 'Wrong user code (or e-mail) or password.',
    de: 'Benutzercode (oder E-Mail) oder Passwort ist falsch.',
  },
  botCheckRequired: {
    it: 'Dopo alcuni tentativi non riusciti serve la verifica anti-bot: completala e accedi di nuovo.',
    en: 'After several failed attempts a bot check is needed: complete it and sign in again.',
    de: 'Nach mehreren Fehlversuchen ist eine Bot-Prüfung nötig: Schließen Sie sie ab und melden Sie sich erneut an.',
  },
  botCheckInvalid: {
    it: 'La verifica anti-bot non è valida o è scaduta: ripetila.',
    en: 'The bot check is invalid or has expired: please repeat it.',
    de: 'Die Bot-Prüfung ist ungültig oder abgelaufen: Bitte wiederholen Sie sie.',
  },
  signInLocked: {
    it: 'Troppi tentativi di accesso non riusciti: per sicurezza riprova tra {minutes} minuti.',
    en: 'Too many failed sign-in attempts: for your security, try again in {minutes} minutes.',
    de: 'Zu viele fehlgeschlagene Anmeldeversuche: Versuchen Sie es zur Sicherheit in {minutes} Minuten erneut.',
  },
  unauthorized: {
    it: 'Sessione assente o scaduta: accedi di nuovo.',
    en: 'No valid session: please sign in again.',
    de: 'Keine gültige Sitzung: bitte erneut anmelden.',
  },
  providerUnknown: {
    it: 'Provider di identità non configurato: {provider}',
    en: 'Identity provider not configured: {provider}',
    de: 'Identitätsanbieter nicht konfiguriert: {provider}',
  },
  idTokenInvalid: {
    it: "Il token di identità non è valido o è scaduto: ripeti l'accesso.",
    en: 'The identity token is invalid or expired: please sign in again.',
    de: 'Das Identitätstoken ist ungültig oder abgelaufen: bitte erneut anmelden.',
  },
  eventNotAllowed: {
    it: "L'evento «{name}» non può essere inviato da un client: lo registra solo il server.",
    en: 'The event "{name}" cannot be sent by a client: only the server records it.',
    de: 'Das Ereignis „{name}“ kann nicht von einem Client gesendet werden: Nur der Server zeichnet es auf.',
  },
  federatedLoginUsed: {
    it: "Questo accesso è già stato usato o non è stato avviato da questo sito: ripeti l'accesso.",
    en: 'This sign-in was already used or was not started on this site: please sign in again.',
    de: 'Diese Anmeldung wurde bereits verwendet oder nicht auf dieser Website begonnen: bitte erneut anmelden.',
  },
  siteUnknown: {
    it: 'Sito sconosciuto: {site}',
    en: 'Unknown site: {site}',
    de: 'Unbekannte Website: {site}',
  },
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
  buildNotFound: {
    it: 'Richiesta di pubblicazione non trovata: {id}',
    en: 'Publish request not found: {id}',
    de: 'Veröffentlichungsauftrag nicht gefunden: {id}',
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
  mediaNotFound: {
    it: 'Contenuto multimediale non trovato: {key}',
    en: 'Media file not found: {key}',
    de: 'Mediendatei nicht gefunden: {key}',
  },
  rangeNotSatisfiable: {
    it: 'Intervallo di byte non disponibile: il file è di {size} byte.',
    en: 'Byte range not available: the file is {size} bytes long.',
    de: 'Bytebereich nicht verfügbar: Die Datei ist {size} Byte groß.',
  },
  mediaChanging: {
    it: 'Il contenuto multimediale è in aggiornamento: riprova tra un istante.',
    en: 'The media file is being updated: try again in a moment.',
    de: 'Die Mediendatei wird gerade aktualisiert: Versuchen Sie es gleich noch einmal.',
  },
  octetStreamRequired: {
    it: 'Le parti di un file vanno inviate come application/octet-stream.',
    en: 'The parts of a file must be sent as application/octet-stream.',
    de: 'Die Teile einer Datei müssen als application/octet-stream gesendet werden.',
  },
  lengthRequired: {
    it: 'Ogni parte di un file va inviata con la sua lunghezza (Content-Length).',
    en: 'Each part of a file must be sent with its length (Content-Length).',
    de: 'Jeder Teil einer Datei muss mit seiner Länge (Content-Length) gesendet werden.',
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
  methodNotAllowed: {
    it: 'Metodo {method} non consentito su {path}',
    en: 'Method {method} not allowed on {path}',
    de: 'Methode {method} ist für {path} nicht erlaubt',
  },
  roleNotFound: {
    it: 'Ruolo non trovato: {id}',
    en: 'Role not found: {id}',
    de: 'Rolle nicht gefunden: {id}',
  },
  courseNotFound: {
    it: 'Corso non trovato: {id}',
    en: 'Course not found: {id}',
    de: 'Kurs nicht gefunden: {id}',
  },
  sessionNotFound: {
    it: 'Sessione non trovata: {id}',
    en: 'Session not found: {id}',
    de: 'Einheit nicht gefunden: {id}',
  },
  videoSessionNotFound: {
    it: 'Sessione video non trovata: {id}',
    en: 'Video session not found: {id}',
    de: 'Videoeinheit nicht gefunden: {id}',
  },
  sessionTimeMissing: {
    it: 'Questa sessione non è ancora completata: servono ancora {minutes} min {seconds} s di studio sulla sua pagina.',
    en: 'This session is not complete yet: it still needs {minutes} min {seconds} s of study on its page.',
    de: 'Diese Einheit ist noch nicht abgeschlossen: Es fehlen noch {minutes} Min. {seconds} s Lernzeit auf ihrer Seite.',
  },
  sessionVideoUnwatched: {
    it: 'Questa sessione non è ancora completata: guarda il video fino alla fine senza saltare parti (visto finora fino a {watched} di {required}).',
    en: 'This session is not complete yet: watch the video to its end without skipping (watched so far up to {watched} of {required}).',
    de: 'Diese Einheit ist noch nicht abgeschlossen: Sehen Sie das Video ohne Überspringen bis zum Ende (bisher bis {watched} von {required}).',
  },
  tooManyRequests: {
    it: 'Troppe richieste in poco tempo: riprova tra {seconds} secondi.',
    en: 'Too many requests in a short time: try again in {seconds} seconds.',
    de: 'Zu viele Anfragen in kurzer Zeit: Versuchen Sie es in {seconds} Sekunden erneut.',
  },
  resetLinkInvalid: {
    it: 'Questo link per reimpostare la password non è valido: controlla di averlo copiato per intero, oppure chiedine uno nuovo.',
    en: 'This password reset link is not valid: check that you copied all of it, or ask for a new one.',
    de: 'Dieser Link zum Zurücksetzen des Passworts ist ungültig: Prüfen Sie, ob Sie ihn vollständig kopiert haben, oder fordern Sie einen neuen an.',
  },
  resetLinkExpired: {
    it: "Questo link per reimpostare la password è scaduto (vale un'ora): chiedine uno nuovo.",
    en: 'This password reset link has expired (it is valid for an hour): ask for a new one.',
    de: 'Dieser Link zum Zurücksetzen des Passworts ist abgelaufen (er gilt eine Stunde): Fordern Sie einen neuen an.',
  },
  resetLinkUsed: {
    it: "Questo link per reimpostare la password è già stato usato, oppure ne hai chiesto uno più recente: usa l'ultimo ricevuto o chiedine uno nuovo.",
    en: 'This password reset link has already been used, or you asked for a newer one: use the latest you received or ask for a new one.',
    de: 'Dieser Link zum Zurücksetzen des Passworts wurde bereits verwendet, oder Sie haben einen neueren angefordert: Verwenden Sie den zuletzt erhaltenen oder fordern Sie einen neuen an.',
  },
  resetRequestsTooMany: {
    it: "Troppe richieste di nuova password da questa rete: riprova tra un'ora.",
    en: 'Too many new password requests from this network: try again in an hour.',
    de: 'Zu viele Anfragen für ein neues Passwort aus diesem Netzwerk: Versuchen Sie es in einer Stunde erneut.',
  },
  resetNeedsBotCheck: {
    it: 'Da questa rete sono già arrivate alcune richieste: per continuare serve la verifica anti-bot, che richiede JavaScript.',
    en: 'Several requests have already come from this network: to go on, the bot check is needed, which requires JavaScript.',
    de: 'Aus diesem Netzwerk sind bereits mehrere Anfragen eingegangen: Um fortzufahren, ist die Bot-Prüfung nötig, die JavaScript erfordert.',
  },
  registrationClosed: {
    it: 'Su questo sito ci si iscrive solo su invito: chiedi un account al tuo provider.',
    en: 'On this site accounts are by invitation only: ask your provider for one.',
    de: 'Auf dieser Website gibt es Konten nur auf Einladung: Bitten Sie Ihren Anbieter um eines.',
  },
  registrationPrivacyOutdated: {
    it: "L'informativa sulla privacy è stata aggiornata mentre compilavi il modulo: rileggila e accettala di nuovo.",
    en: 'The privacy notice was updated while you filled in the form: read it and accept it again.',
    de: 'Die Datenschutzerklärung wurde aktualisiert, während Sie das Formular ausgefüllt haben: Lesen und akzeptieren Sie sie erneut.',
  },
  registrationTooMany: {
    it: "Troppe richieste di iscrizione da questa rete: riprova tra un'ora.",
    en: 'Too many registration requests from this network: try again in an hour.',
    de: 'Zu viele Registrierungsanfragen aus diesem Netzwerk: Versuchen Sie es in einer Stunde erneut.',
  },
  confirmLinkInvalid: {
    it: 'Questo link di conferma non è valido: controlla di averlo copiato per intero, oppure chiedine uno nuovo.',
    en: 'This confirmation link is not valid: check that you copied all of it, or ask for a new one.',
    de: 'Dieser Bestätigungslink ist ungültig: Prüfen Sie, ob Sie ihn vollständig kopiert haben, oder fordern Sie einen neuen an.',
  },
  confirmLinkExpired: {
    it: 'Questo link di conferma è scaduto (vale 24 ore): chiedine uno nuovo.',
    en: 'This confirmation link has expired (it is valid for 24 hours): ask for a new one.',
    de: 'Dieser Bestätigungslink ist abgelaufen (er gilt 24 Stunden): Fordern Sie einen neuen an.',
  },
  confirmLinkUsed: {
    it: 'Questo link di conferma è già stato usato: il tuo account è attivo, accedi.',
    en: 'This confirmation link has already been used: your account is active, sign in.',
    de: 'Dieser Bestätigungslink wurde bereits verwendet: Ihr Konto ist aktiv, melden Sie sich an.',
  },
  signInUnconfirmed: {
    it: "Il tuo account non è ancora attivo: apri il link che ti abbiamo inviato per e-mail (vale 24 ore). Non l'hai ricevuto? Chiedine uno nuovo.",
    en: "Your account is not active yet: open the link we sent you by e-mail (it is valid for 24 hours). Didn't get it? Ask for a new one.",
    de: 'Ihr Konto ist noch nicht aktiv: Öffnen Sie den Link, den wir Ihnen per E-Mail geschickt haben (er gilt 24 Stunden). Nicht erhalten? Fordern Sie einen neuen an.',
  },
  passwordWrongCurrent: {
    it: 'La password attuale non è corretta.',
    en: 'The current password is not correct.',
    de: 'Das aktuelle Passwort ist nicht korrekt.',
  },
  passwordChangesTooMany: {
    it: "Troppi tentativi di cambiare la password: riprova tra un'ora.",
    en: 'Too many attempts to change the password: try again in an hour.',
    de: 'Zu viele Versuche, das Passwort zu ändern: Versuchen Sie es in einer Stunde erneut.',
  },
  passwordFederated: {
    it: 'Accedi con {provider}: la tua password si gestisce lì, non su questo sito.',
    en: 'You sign in with {provider}: your password is managed there, not on this site.',
    de: 'Sie melden sich mit {provider} an: Ihr Passwort wird dort verwaltet, nicht auf dieser Website.',
  },
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
    it: "L'account è cambiato mentre lo eliminavi (per esempio la password): non è stato eliminato, riprova.",
    en: 'The account changed while you were deleting it (the password, for instance): it was not deleted, try again.',
    de: 'Das Konto hat sich während des Löschens geändert (zum Beispiel das Passwort): Es wurde nicht gelöscht, versuchen Sie es erneut.',
  },
  passwordCommon: {
    it: "Questa password è tra le più usate e facili da indovinare: scegline un'altra, per esempio una frase di alcune parole.",
    en: 'This password is one of the most common and easiest to guess: choose another, for example a phrase of a few words.',
    de: 'Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten: Wählen Sie ein anderes, zum Beispiel einen Satz aus einigen Wörtern.',
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

export function message(key: MessageKey, language: Language, values: Record<string, string> = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
