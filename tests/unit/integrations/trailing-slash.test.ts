import { describe, expect, it } from 'vitest';
import { trailingSlashRules } from '../../../integrations/trailing-slash.mjs';

describe('trailing slashes', () => {
  it('redirect permanently per locale and locale-free page, never the API', () => {
    const rules = trailingSlashRules(['de-DE', 'it-IT']).split('\n');
    expect(rules).toContain('/it-IT/*/ /it-IT/:splat 308');
    expect(rules).toContain('/de-DE/ /de-DE 308');
    expect(rules).toContain('/tiles-access/ /tiles-access 308');
    expect(rules.every((rule) => rule.endsWith(' 308'))).toBe(true);
    expect(rules.some((rule) => rule.startsWith('/api') || rule.startsWith('/*'))).toBe(false);
  });
});
