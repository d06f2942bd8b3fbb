import { describe, expect, it } from 'vitest';
import { cmsLink } from '../../../../src/server/cms-link.ts';

describe("the CMS link on the editor's profile", () => {
  it('leads to the configured CMS', () => {
    expect(cmsLink('https://cms.example.it/tiles', 'it-IT', '/it-IT/profile')).toBe('https://cms.example.it/tiles');
  });

  it("leads to the locale's home, where CMS mode edits in place, when nothing is configured", () => {
    expect(cmsLink(undefined, 'de-DE', '/de-DE/profile')).toBe('/de-DE');
    expect(cmsLink('  ', 'it-IT', '/it-IT/profile')).toBe('/it-IT');
  });

  it('is left out when it would point at the page it sits on', () => {
    expect(cmsLink('/it-IT/profile', 'it-IT', '/it-IT/profile')).toBeNull();
    expect(cmsLink('/it-IT/profile/', 'it-IT', '/it-IT/profile')).toBeNull();
  });
});
