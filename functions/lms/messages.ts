import { localized, type Language } from '../messages.ts';

/** Refusals of courses, sessions and their completion, in every supported language. */
const LMS_MESSAGES = {
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
  sessionPackageNotDone: {
    it: 'Questa sessione si completa quando il pacchetto SCORM risulta completato: finisci il pacchetto nella pagina della sessione.',
    en: 'This session completes when its SCORM package reports it completed: finish the package on the session page.',
    de: 'Diese Einheit ist abgeschlossen, sobald ihr SCORM-Paket den Abschluss meldet: Beenden Sie das Paket auf der Seite der Einheit.',
  },
  sessionVideoUnwatched: {
    it: 'Questa sessione non è ancora completata: guarda il video fino alla fine senza saltare parti (visto finora fino a {watched} di {required}).',
    en: 'This session is not complete yet: watch the video to its end without skipping (watched so far up to {watched} of {required}).',
    de: 'Diese Einheit ist noch nicht abgeschlossen: Sehen Sie das Video ohne Überspringen bis zum Ende (bisher bis {watched} von {required}).',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type LmsMessageKey = keyof typeof LMS_MESSAGES;

export const lmsMessage = localized(LMS_MESSAGES);
