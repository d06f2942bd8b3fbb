import { describe, expect, it } from 'vitest';
import { renewalPlan } from '../../../../src/lib/scorm-grant-renewal.ts';

describe('renewing a SCORM package grant', () => {
  const received = Date.UTC(2026, 10, 28, 8, 20);
  it('renews two minutes before expiry at the latest, and as soon as the page is hidden in its last half hour', () => {
    const hours4 = 4 * 60 * 60;
    expect(renewalPlan(hours4, received)).toEqual({ latestAt: received + hours4 * 1000 - 2 * 60_000, whenHiddenFrom: received + hours4 * 1000 - 30 * 60_000 });
  });
  it("counts from the grant's arrival on this browser's clock, whatever the server's clock says", () => {
    const plan = renewalPlan(3600, received);
    expect(plan.latestAt - received).toBe(58 * 60_000);
  });
});
