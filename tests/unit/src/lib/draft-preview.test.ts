import { describe, expect, it } from 'vitest';
import { previewDrafts } from '../../../../src/lib/draft-preview.ts';

const saved = (locale: string, key: string, title: string) => ({ locale, kind: 'session' as const, key, fields: { title } });

describe('what CMS and tester mode preview of a locale', () => {
  it("keeps the locale's saved drafts, then what is being typed, which comes after (and so over) its saved draft", () => {
    const drafts = [saved('it-IT', 'triage.1.1', 'Salvato'), saved('en-US', 'triage.1.1', 'Saved'), saved('it-IT', 'triage.1.2', 'Altro')];
    const unsaved = {
      'it-IT/session/triage.1.1': { kind: 'session' as const, key: 'triage.1.1', fields: { title: 'Scritto ora' } },
      'en-US/session/triage.1.2': { kind: 'session' as const, key: 'triage.1.2', fields: { title: 'Typing' } },
    };
    const shown = previewDrafts(drafts, unsaved, 'it-IT');
    expect(shown.map((draft) => draft.fields.title)).toEqual(['Salvato', 'Altro', 'Scritto ora']);
    expect(shown.filter((draft) => draft.key === 'triage.1.1').at(-1)?.fields.title).toBe('Scritto ora');
    expect(previewDrafts(drafts, {}, 'de-DE')).toEqual([]);
  });
});
