import { describe, expect, it } from 'vitest';
import { pluralForm } from '../../../core/plural.ts';

describe('plural form of a count', () => {
  it('is singular for one and plural for any other count, in every supported language', () => {
    for (const locale of ['it-IT', 'en-US', 'de-DE', 'it', 'en', 'de']) {
      expect(pluralForm(1, locale)).toBe('one');
      for (const count of [0, 2, 3, 11, 21, 101, 1_000_000]) expect(pluralForm(count, locale)).toBe('other');
    }
  });
});
