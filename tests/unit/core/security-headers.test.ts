import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, framingOf, headersFile, isLocalHost, securityHeaders } from '../../../core/security-headers.ts';

describe('security headers', () => {
  it('allows scripts from the origin and the given hashes only, never inline, and no framing', () => {
    const csp = contentSecurityPolicy(["'sha256-abc='"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets only a course's PDF be framed, by the site's own pages, and relaxes nothing else for it", () => {
    expect(framingOf('/media/scheda.pdf', 'application/pdf')).toBe('same-origin');
    expect(framingOf('/media/lezione.webm', 'video/webm')).toBe('none');
    expect(framingOf('/media/scheda.pdf', 'text/plain; charset=utf-8')).toBe('none');
    expect(framingOf('/it-IT/privacy', 'application/pdf')).toBe('none');
    const denied = securityHeaders(['hash']);
    const framed = securityHeaders(['hash'], 'same-origin');
    expect(denied['X-Frame-Options']).toBe('DENY');
    expect(framed['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(framed['Content-Security-Policy']).toBe(denied['Content-Security-Policy']?.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    const others = (headers: Record<string, string>) =>
      Object.entries(headers).filter(([name]) => !['X-Frame-Options', 'Content-Security-Policy'].includes(name));
    expect(others(framed)).toEqual(others(denied));
  });

  it("lets a SCORM package's files, and only them, run inline and evaluated scripts, from this origin only, framed by the site alone", () => {
    expect(framingOf('/scorm/corso/1/2/index.html', 'text/html; charset=utf-8')).toBe('package');
    expect(framingOf('/it-IT/course/session/corso/1/2', 'text/html')).toBe('none');
    const csp = contentSecurityPolicy([], 'package');
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(securityHeaders([], 'package')['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(contentSecurityPolicy(['hash'])).not.toContain('unsafe-eval');
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
