import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, isLocalHost } from '../../../core/security-headers.ts';

describe('security headers', () => {
  it('allows scripts from the origin and the given hashes only, never inline, and no framing', () => {
    const csp = contentSecurityPolicy(["'sha256-abc='"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('sends HSTS everywhere but local hosts', () => {
    const file = headersFile([]);
    expect(file).toMatch(/^\/\*\n(  .+\n)*  Strict-Transport-Security: max-age=\d+; includeSubDomains\n/m);
    expect(file).toContain('https://localhost/*\n  ! Strict-Transport-Security');
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('app.localhost')).toBe(true);
    expect(isLocalHost('tiles.example.it')).toBe(false);
  });
});
