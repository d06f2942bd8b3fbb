import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from '../../../core/return-path.ts';

describe('return paths', () => {
  it('accept same-origin relative paths only', () => {
    expect(isSafeReturnPath('/it-IT/profile')).toBe(true);
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/ok\nx']) expect(isSafeReturnPath(bad)).toBe(false);
  });
});
