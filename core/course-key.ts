/**
 * A course key: what staff hand to the learners of a course taken by enrolment, and what a learner
 * types on the course's page to enrol. Twelve characters of an alphabet without look-alikes (no
 * 0/O, 1/I/L), about 59 bits: guessing one online is hopeless, so no attempt counter guards it.
 * Shown in groups of four; typed in any case, with or without the dashes and spaces.
 */
export const COURSE_KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const COURSE_KEY_LENGTH = 12;

/** The key as stored and compared: upper case, letters and digits only. */
export function normalizeCourseKey(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The key as people read it: ABCD-EFGH-JKMN. */
export function formatCourseKey(key: string): string {
  return key.match(/.{1,4}/g)?.join('-') ?? key;
}

/** A key from random bytes (one per character; the tiny bias of `% 31` costs a fraction of a bit). */
export function courseKeyFrom(bytes: Uint8Array): string {
  return Array.from(bytes.slice(0, COURSE_KEY_LENGTH), (byte) => COURSE_KEY_ALPHABET[byte % COURSE_KEY_ALPHABET.length]).join('');
}
