import { describe, expect, it } from 'vitest';
import { renewalTimes } from '../../../../src/lib/scorm-grant-renewal.ts';

describe('renewing a SCORM package grant', () => {
  const expires = Date.UTC(2026, 10, 28, 12) / 1000;
  it('renews two minutes before expiry at the latest, and when the page is hidden in the last half hour', () => {
    const fourHoursBefore = expires * 1000 - 4 * 60 * 60_000;
    expect(renewalTimes(expires, fourHoursBefore)).toEqual({ latestInMs: 4 * 60 * 60_000 - 2 * 60_000, whenHiddenFrom: expires * 1000 - 30 * 60_000 });
  });
  it('renews at once a grant already past its latest moment (a laptop woken from sleep)', () => {
    expect(renewalTimes(expires, expires * 1000 + 60_000).latestInMs).toBe(0);
    expect(renewalTimes(expires, expires * 1000 - 60_000).latestInMs).toBe(0);
  });
});
