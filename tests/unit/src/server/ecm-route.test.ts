import { describe, expect, it } from 'vitest';
import { requiresAuthentication, validateRoute } from '../../../../src/server/guards.ts';

describe('the ECM page route', () => {
  it('accepts /course/ecm/{course id} and refuses anything else there, for signed-in users only', () => {
    expect(validateRoute('/it-IT/course/ecm/bls-d-adulto')).toBeNull();
    expect(validateRoute('/it-IT/course/ecm')).toBeNull(); // a course whose id is 'ecm'
    for (const path of ['/it-IT/course/ecm/Not_Valid', '/it-IT/course/ecm/bls-d-adulto/extra']) expect(validateRoute(path)?.statusCode, path).toBe(404);
    expect(requiresAuthentication('/it-IT/course/ecm/bls-d-adulto')).toBe(true);
    expect(requiresAuthentication('/it-IT/verifica-attestato/ABC')).toBe(false);
  });
});
