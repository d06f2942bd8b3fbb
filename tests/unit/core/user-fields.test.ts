import { describe, expect, it } from 'vitest';
import { genderCode, GENDER_NAMES, GENDERS } from '../../../core/user-fields.ts';

describe('genderCode', () => {
  it('takes a stored code or its interface name, both ways of the one table', () => {
    expect(genderCode('femminile')).toBe('f');
    expect(genderCode('maschile')).toBe('m');
    expect(genderCode('neutro')).toBe('n');
    for (const gender of GENDERS) {
      expect(genderCode(gender)).toBe(gender);
      expect(genderCode(GENDER_NAMES[gender])).toBe(gender);
    }
  });
});
