import { describe, expect, it } from 'vitest';
import { RETRY_STATUSES, shouldRetry } from '../../../core/retry-policy.ts';

describe('retry policy', () => {
  it('retries a non-mutating request once on the listed statuses', () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry('GET', status, 0)).toBe(true);
      expect(shouldRetry('GET', status, 1)).toBe(false);
    }
    expect(RETRY_STATUSES.size).toBe(8);
  });

  it('never retries mutations or other statuses', () => {
    expect(shouldRetry('POST', 503, 0)).toBe(false);
    expect(shouldRetry('PUT', 500, 0)).toBe(false);
    expect(shouldRetry('GET', 404, 0)).toBe(false);
    expect(shouldRetry('GET', 401, 0)).toBe(false);
  });
});
