import { describe, expect, it } from 'vitest';
import { captionLabel } from '../../../../core/media/caption-label.ts';

const TRACKS = ['it-IT', 'en-US', 'de-DE'];

describe('captions track label', () => {
  it("names each track's language in the page's language, not by its code", () => {
    expect(TRACKS.map((code) => captionLabel('it-IT', code, TRACKS))).toEqual(['Italiano', 'Inglese', 'Tedesco']);
    expect(TRACKS.map((code) => captionLabel('en-US', code, TRACKS))).toEqual(['Italian', 'English', 'German']);
    expect(TRACKS.map((code) => captionLabel('de-DE', code, TRACKS))).toEqual(['Italienisch', 'Englisch', 'Deutsch']);
  });

  it('names the region only when two tracks share a language', () => {
    const codes = ['en-US', 'en-GB', 'it-IT'];
    expect(codes.map((code) => captionLabel('it-IT', code, codes))).toEqual(['Inglese americano', 'Inglese britannico', 'Italiano']);
  });
});
