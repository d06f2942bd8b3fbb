import { describe, expect, it } from 'vitest';
import { contentHeaders, contentSecurityPolicy, framingOf, headersFile, isLocalHost, securityHeaders } from '../../../core/security-headers.ts';

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

  it("lets a SCORM package's files, on the content origin only, run inline and evaluated scripts from there, framed by the runtime page and the site", () => {
    expect(framingOf('/scorm/corso/1/2/index.html', 'text/html; charset=utf-8')).toBe('none');
    const file = contentHeaders('file', 'https://formazione.example.it');
    expect(file['Content-Security-Policy']).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(file['Content-Security-Policy']).toContain("connect-src 'self'");
    expect(file['Content-Security-Policy']).toContain("frame-ancestors 'self' https://formazione.example.it");
    expect(file['Content-Security-Policy']).toContain("object-src 'none'");
    expect(file['X-Frame-Options']).toBeUndefined();
    // The runtime page runs only its own module and what its nonce names, framed by the site alone.
    const runtime = contentHeaders('runtime', 'https://formazione.example.it', 'n0nce')['Content-Security-Policy'];
    expect(runtime).toContain("script-src 'self' 'nonce-n0nce'");
    expect(runtime).toContain('frame-ancestors https://formazione.example.it');
    expect(runtime).not.toContain('unsafe');
    expect(contentHeaders('refusal', "'none'")['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(contentSecurityPolicy(['hash'])).not.toContain('unsafe-eval');
    // The site's pages frame the content origin only when told to (the session page's player).
    expect(contentSecurityPolicy([])).not.toContain('frame-src');
    expect(contentSecurityPolicy([], 'none', ['https://contenuti.example.it'])).toContain("frame-src 'self' https://contenuti.example.it");
    expect(securityHeaders([], 'none', ['https://contenuti.example.it'])['X-Frame-Options']).toBe('DENY');
  });

  it('sends HSTS everywhere but local hosts', () => {
    const file = headersFile([]);
    expect(file).toMatch(/^\/\*\n(  .+\n)*  Strict-Transport-Security: max-age=\d+; includeSubDomains\n/m);
    expect(file).toContain('https://localhost/*\n  ! Strict-Transport-Security');
    // A static file's 405 (a post to a pre-rendered page) names what it answers.
    expect(file).toMatch(/^\/\*\n(  .+\n)*  Allow: GET, HEAD\n/m);
    // Hashed file names change with their content: the browser keeps them without asking again.
    expect(file).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n');
    // The logo and the site's other images keep their names: a day, then revalidated in the background.
    for (const path of ['/logo/*', '/social/*', '/favicon.svg'])
      expect(file).toContain(`${path}\n  Cache-Control: public, max-age=86400, stale-while-revalidate=604800\n`);
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('app.localhost')).toBe(true);
    expect(isLocalHost('tiles.example.it')).toBe(false);
  });
});
