import { describe, expect, it } from 'vitest';
import { sessionTitleRevision } from '../../../../src/lib/session-title-revision.ts';

describe('sessionTitleRevision', () => {
  const loaded = { revision: 'r1', title: 'Il colloquio' };

  it('saves on the text as it is now when only its body changed since loading', () => {
    expect(sessionTitleRevision({ revision: 'r2', title: 'Il colloquio' }, loaded)).toBe('r2');
  });

  it('saves on the revision loaded, which the server refuses, when a colleague changed the title since', () => {
    expect(sessionTitleRevision({ revision: 'r2', title: 'Il colloquio difficile' }, loaded)).toBe('r1');
  });

  it('treats a text created meanwhile in a language that had none as a colleague’s title', () => {
    expect(sessionTitleRevision({ revision: 'r2', title: 'The interview' }, { revision: 'none', title: null })).toBe('none');
    expect(sessionTitleRevision({ revision: 'none', title: null }, { revision: 'none', title: null })).toBe('none');
  });
});
