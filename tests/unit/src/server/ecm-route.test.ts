import { describe, expect, it } from 'vitest';
import { validateRoute, visitorRedirect } from '../../../../src/server/guards.ts';

describe('the ECM page route', () => {
  it('accepts /course/ecm/{course id} and refuses anything else there, for signed-in users only', () => {
    expect(validateRoute('/it-IT/course/ecm/bls-d-adulto')).toBeNull();
    expect(validateRoute('/it-IT/course/ecm')).toBeNull(); // a course whose id is 'ecm'
    for (const path of ['/it-IT/course/ecm/Not_Valid', '/it-IT/course/ecm/bls-d-adulto/extra']) expect(validateRoute(path)?.statusCode, path).toBe(404);
    expect(visitorRedirect('/it-IT/course/ecm/bls-d-adulto', '')).toBe('/tiles-access?returnTo=%2Fit-IT%2Fcourse%2Fecm%2Fbls-d-adulto');
    expect(visitorRedirect('/it-IT/verifica-attestato/ABC', '')).toBeNull();
  });
});
