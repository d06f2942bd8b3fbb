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
});
