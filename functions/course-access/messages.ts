import { localized, type Language } from '../messages.ts';

/** Refusals of a course that does not let the learner in, in every supported language. */
const COURSE_ACCESS_MESSAGES = {
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
  mediumRefused: {
    it: 'Questo contenuto appartiene a un corso che non ti è aperto: iscriviti al corso per vederlo.',
    en: 'This file belongs to a course that is not open to you: enrol in the course to see it.',
    de: 'Diese Datei gehört zu einem Kurs, der Ihnen nicht offensteht: Schreiben Sie sich in den Kurs ein, um sie zu sehen.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type CourseAccessMessageKey = keyof typeof COURSE_ACCESS_MESSAGES;

export const courseAccessMessage = localized(COURSE_ACCESS_MESSAGES);
