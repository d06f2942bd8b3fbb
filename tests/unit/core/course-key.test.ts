import { describe, expect, it } from 'vitest';
import { COURSE_KEY_ALPHABET, COURSE_KEY_LENGTH, courseKeyFrom, formatCourseKey, normalizeCourseKey } from '../../../core/course-key.ts';

describe('course keys', () => {
  it('are twelve characters of an alphabet without look-alikes', () => {
    expect(COURSE_KEY_ALPHABET).not.toMatch(/[01ILO]/);
    const key = courseKeyFrom(Uint8Array.from({ length: COURSE_KEY_LENGTH }, (_, i) => i * 37));
    expect(key).toHaveLength(12);
    expect([...key].every((character) => COURSE_KEY_ALPHABET.includes(character))).toBe(true);
    // Every byte value gives a character: 255 too.
    expect(courseKeyFrom(new Uint8Array(12).fill(255))).toMatch(/^[A-Z2-9]{12}$/);
  });

  it('read in groups of four and are typed in any case, with or without dashes and spaces', () => {
    expect(formatCourseKey('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
    expect(normalizeCourseKey(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(normalizeCourseKey(formatCourseKey('K7QXM2PD9HTR'))).toBe('K7QXM2PD9HTR');
    expect(normalizeCourseKey('àbc–d\u200b')).toBe('BCD');
  });
});
