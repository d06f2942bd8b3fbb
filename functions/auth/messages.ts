import { localized, type Language } from '../messages.ts';

/** Refusals of sign-in (password, identity providers, bot check, throttle), roles, registration and passwords, in every supported language. */
const AUTH_MESSAGES = {
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
  roleNotFound: {
    it: 'Ruolo non trovato: {id}',
    en: 'Role not found: {id}',
    de: 'Rolle nicht gefunden: {id}',
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
  passwordUnchanged: {
    it: 'La nuova password deve essere diversa da quella attuale.',
    en: 'The new password must be different from the current one.',
    de: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  },
  passwordCommon: {
    it: "Questa password è tra le più usate e facili da indovinare: scegline un'altra, per esempio una frase di alcune parole.",
    en: 'This password is one of the most common and easiest to guess: choose another, for example a phrase of a few words.',
    de: 'Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten: Wählen Sie ein anderes, zum Beispiel einen Satz aus einigen Wörtern.',
  },
  emailChangeLinkInvalid: {
    it: 'Questo link per confermare un nuovo indirizzo e-mail non è valido: controlla di averlo copiato per intero, oppure chiedi di nuovo il cambio dal tuo profilo.',
    en: 'This link to confirm a new e-mail address is not valid: check that you copied all of it, or ask for the change again from your profile.',
    de: 'Dieser Link zur Bestätigung einer neuen E-Mail-Adresse ist ungültig: Prüfen Sie, ob Sie ihn vollständig kopiert haben, oder beantragen Sie die Änderung erneut in Ihrem Profil.',
  },
  emailChangeLinkExpired: {
    it: 'Questo link per confermare un nuovo indirizzo e-mail è scaduto (vale 24 ore): chiedi di nuovo il cambio dal tuo profilo.',
    en: 'This link to confirm a new e-mail address has expired (it is valid for 24 hours): ask for the change again from your profile.',
    de: 'Dieser Link zur Bestätigung einer neuen E-Mail-Adresse ist abgelaufen (er gilt 24 Stunden): Beantragen Sie die Änderung erneut in Ihrem Profil.',
  },
  emailChangeLinkUsed: {
    it: "Questo link è già stato usato, oppure dopo è stato chiesto un altro cambio di indirizzo: usa l'ultimo link ricevuto.",
    en: 'This link has already been used, or another address change was asked for since: use the latest link you received.',
    de: 'Dieser Link wurde bereits verwendet, oder seitdem wurde eine andere Adressänderung beantragt: Verwenden Sie den zuletzt erhaltenen Link.',
  },
  emailChangeTaken: {
    it: "Questo indirizzo e-mail appartiene già a un altro account, quindi non l'abbiamo cambiato. Se è tuo, accedi con quell'account o scrivi all'assistenza.",
    en: 'This e-mail address already belongs to another account, so we did not change it. If it is yours, sign in with that account or write to support.',
    de: 'Diese E-Mail-Adresse gehört bereits zu einem anderen Konto, daher haben wir sie nicht geändert. Wenn es Ihre ist, melden Sie sich mit diesem Konto an oder schreiben Sie dem Support.',
  },
  emailChangesTooMany: {
    it: "Troppe richieste di cambio dell'indirizzo e-mail: riprova tra un'ora.",
    en: 'Too many requests to change the e-mail address: try again in an hour.',
    de: 'Zu viele Anfragen zur Änderung der E-Mail-Adresse: Versuchen Sie es in einer Stunde erneut.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

export const authMessage = localized(AUTH_MESSAGES);
