/**
 * The security headers of every response: pages (static ones through `_headers`, on-demand ones
 * through the middleware) and the API. Scripts run only from our origin or, for the two inline
 * scripts Astro writes for islands, by hash: no 'unsafe-inline' for scripts. Styles may be inline
 * (Astro's island styles, the charts' SVG attributes).
 */
export const HSTS = 'max-age=63072000; includeSubDomains';

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    // The bot check solves its proof of work in a Web Worker started from a blob.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  };
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** HSTS only outside localhost: a local server speaks plain http. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.includes(hostname) || hostname.endsWith('.localhost');
}

/** The static assets' `_headers` file: every header for every file, HSTS detached again on local hosts. */
export function headersFile(scriptHashes: readonly string[]): string {
  const all = { ...securityHeaders(scriptHashes), 'Strict-Transport-Security': HSTS };
  const lines = ['# Written by integrations/security-headers.mjs at build time.', '/*', ...Object.entries(all).map(([name, value]) => `  ${name}: ${value}`)];
  for (const host of LOCAL_HOSTS) lines.push(`https://${host}/*`, '  ! Strict-Transport-Security');
  return `${lines.join('\n')}\n`;
}
