import { describe, expect, it } from 'vitest';
import { isApiPath } from '../../../core/api-prefix.ts';

describe('isApiPath', () => {
  it('is the prefix and what lies below it, not a path that only begins with its letters', () => {
    for (const path of ['/api', '/api/', '/api/lms/course/triage']) expect(isApiPath(path), path).toBe(true);
    for (const path of ['/apiary', '/it-IT/api', '/', '/media/x']) expect(isApiPath(path), path).toBe(false);
  });
});
