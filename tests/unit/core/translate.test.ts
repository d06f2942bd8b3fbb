import { describe, expect, it } from 'vitest';
import { translator } from '../../../core/translate.ts';

describe('translator', () => {
  const t = translator({ 'error.title': 'Errore {code}', 'support.reference': 'Codice {c} · {e}' });

  it('fills placeholders', () => {
    expect(t('error.title', { code: 404 })).toBe('Errore 404');
  });

  it('keeps placeholders without a value, and shows unknown keys as themselves', () => {
    expect(t('support.reference')).toBe('Codice {c} · {e}');
    expect(t('missing.key')).toBe('missing.key');
  });

  it("writes a number's fraction as the locale does, and whole numbers as they are", () => {
    const strings = { credits: '{credits} crediti ECM', year: 'Anno {year}, n. {id}' };
    expect(translator(strings, 'it-IT')('credits', { credits: 10.5 })).toBe('10,5 crediti ECM');
    expect(translator(strings, 'de-DE')('credits', { credits: 7.5 })).toBe('7,5 crediti ECM');
    expect(translator(strings, 'en-US')('credits', { credits: 10.5 })).toBe('10.5 crediti ECM');
    expect(translator(strings, 'it-IT')('year', { year: 2026, id: 12345 })).toBe('Anno 2026, n. 12345');
    expect(translator(strings)('credits', { credits: 10.5 })).toBe('10.5 crediti ECM');
  });
});
