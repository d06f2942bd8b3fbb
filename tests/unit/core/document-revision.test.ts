import { describe, expect, it } from 'vitest';
import { documentRevision, ifMatchRevisions } from '../../../core/document-revision.ts';

describe('a document’s revision', () => {
  it('tags the text, whatever the order of its fields, and tells texts apart', async () => {
    const draft = { title: 'Privacy', body: [{ type: 'p', text: 'Testo.' }] };
    const live = { body: [{ text: 'Testo.', type: 'p' }], title: 'Privacy' };
    expect(await documentRevision(draft)).toBe(await documentRevision(live));
    expect(await documentRevision(draft)).not.toBe(await documentRevision({ ...draft, title: 'Privacy.' }));
    expect(await documentRevision(null)).not.toBe(await documentRevision({}));
    expect(await documentRevision(draft)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('reads the revisions an If-Match names, and none for a missing header or *', () => {
    expect(ifMatchRevisions('"abc"')).toEqual(['abc']);
    expect(ifMatchRevisions('W/"abc", "def"')).toEqual(['abc', 'def']);
    expect(ifMatchRevisions('abc')).toEqual(['abc']);
    expect(ifMatchRevisions('*')).toBeNull();
    expect(ifMatchRevisions('""')).toBeNull();
    expect(ifMatchRevisions(null)).toBeNull();
  });
});
