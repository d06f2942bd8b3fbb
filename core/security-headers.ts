import { MEDIA_PREFIX } from './media/kinds.ts';

/**
 * The security headers of every response: pages (static ones through `_headers`, on-demand ones
 * through the middleware) and the API (`functions/middleware/secure-headers.ts`, which hands the
 * same directives to hono/secure-headers). Scripts run only from our origin or, for the two inline
 * scripts Astro writes for islands, by hash: no 'unsafe-inline' for scripts. Styles may be inline
 * (Astro's island styles, the charts' SVG attributes).
 */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Who may show an answer in a frame: no one, or (a course's PDF, which the session page shows in
 * an iframe) this site's own pages. Nothing else is relaxed for it. A SCORM package is framed from
 * an origin of its own, with headers of its own (`contentHeaders`).
 */
export type Framing = 'none' | 'same-origin';

/**
 * CSP directives, camelCase as hono/secure-headers takes them; the header spells them in
 * kebab-case. `frameSources`: the origins a page may frame besides its own (the SCORM content
 * origin, for the session page).
 */
export function cspDirectives(scriptHashes: readonly string[], framing: Framing = 'none', frameSources: readonly string[] = []): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    // The course editor takes a video's poster from the file an editor chose (a blob: of the page's own).
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // The bot check solves its proof of work in a Web Worker started from a blob.
    workerSrc: ["'self'", 'blob:'],
    ...(frameSources.length > 0 ? { frameSrc: ["'self'", ...frameSources] } : {}),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: [framing === 'none' ? "'none'" : "'self'"],
  };
}

/**
 * The policy of a SCORM package's files on the content origin: authoring tools (Storyline,
 * Captivate, iSpring) write inline scripts and handlers and some call eval, so scripts may be
 * inline and evaluated there; everything still loads from the content origin only (no third-party
 * script, no connection elsewhere, so not to the site's API either), plugins are off, and only the
 * runtime page beside it and the site's session page may frame it. The session page's iframe adds
 * its sandbox (src/islands/player/ScormPlayer.tsx).
 */
function packageDirectives(platformOrigin: string): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'", platformOrigin],
  };
}

/** The runtime page of an item: its own module by nonce, the package framed beside it, framed by the session page only. */
function runtimeDirectives(platformOrigin: string, nonce: string): Record<string, string[]> {
  return {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'", `'nonce-${nonce}'`],
    styleSrc: [`'nonce-${nonce}'`],
    frameSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: [platformOrigin],
  };
}

/**
 * The headers of whatever the SCORM content origin answers: a package file (`file`), an item's
 * runtime page (`runtime`, with its script nonce) or a refusal (`refusal`: framed by no one, runs
 * nothing). No X-Frame-Options: it cannot name the platform's origin, and frame-ancestors does.
 */
export function contentHeaders(kind: 'file' | 'runtime' | 'refusal', platformOrigin: string, nonce = ''): Record<string, string> {
  const directives =
    kind === 'file'
      ? packageDirectives(platformOrigin)
      : kind === 'runtime'
        ? runtimeDirectives(platformOrigin, nonce)
        : { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };
  return {
    'Content-Security-Policy': Object.entries(directives)
      .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
      .join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': Object.keys(PERMISSIONS_POLICY)
      .map((feature) => `${kebab(feature)}=()`)
      .join(', '),
  };
}

/** Features no page uses, switched off (an empty allow-list is `feature=()`). */
export const PERMISSIONS_POLICY = { camera: [], microphone: [], geolocation: [], payment: [], usb: [], browsingTopics: [] } as const;

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const X_FRAME_OPTIONS = 'DENY';
const X_FRAME_OPTIONS_SAME_ORIGIN = 'SAMEORIGIN';
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function contentSecurityPolicy(scriptHashes: readonly string[], framing: Framing = 'none', frameSources: readonly string[] = []): string {
  return Object.entries(cspDirectives(scriptHashes, framing, frameSources))
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(scriptHashes: readonly string[], framing: Framing = 'none', frameSources: readonly string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes, framing, frameSources),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'X-Frame-Options': framing === 'none' ? X_FRAME_OPTIONS : X_FRAME_OPTIONS_SAME_ORIGIN,
    'Cross-Origin-Opener-Policy': CROSS_ORIGIN_OPENER_POLICY,
    'Permissions-Policy': Object.keys(PERMISSIONS_POLICY)
      .map((feature) => `${kebab(feature)}=()`)
      .join(', '),
  };
}

/**
 * How an answer may be framed: a PDF of the course media (`/media/...`, served as
 * application/pdf) by this site's session page; everything else by no one.
 */
export function framingOf(path: string, contentType: string | null): Framing {
  const pdf = contentType?.split(';')[0]?.trim().toLowerCase() === 'application/pdf';
  return pdf && path.startsWith(MEDIA_PREFIX) ? 'same-origin' : 'none';
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** HSTS only outside localhost: a local server speaks plain http. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.includes(hostname) || hostname.endsWith('.localhost');
}

/** Where the build puts the files whose names carry a hash of their content (Astro's `build.assets`). */
const HASHED_ASSETS = '/_astro/';

/**
 * How long a browser keeps a hashed file without asking again: a year, and never revalidated, since a
 * changed file gets a new name. Without it, every page load asked again for each script and style
 * sheet (a dozen round trips on a phone's network, each answered 304).
 */
const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The site's own images under fixed names (public/: the logo every page shows, the favicon, the
 * social card): kept a day, then used while the browser asks again in the background. Without it a
 * full page load asked for the logo each time (a 304); a new logo, which a deploy brings, shows
 * within a day.
 */
const SITE_IMAGES = ['/logo/*', '/social/*', '/favicon.svg'];

/** What a static file answers: the platform's 405 to anything else names it (HTTP asks a 405 for `Allow`). */
export const STATIC_METHODS = 'GET, HEAD';
const SITE_IMAGE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * The static assets' `_headers` file: every header for every file, the hashed files kept for good,
 * the site's images for a day, HSTS detached again on local hosts. (One rule for every path: a second
 * `/*` rule would replace the first, not add to it.)
 */
export function headersFile(scriptHashes: readonly string[]): string {
  const all = { ...securityHeaders(scriptHashes), 'Strict-Transport-Security': HSTS, Allow: STATIC_METHODS };
  const lines = ['# Written by integrations/security-headers.mjs at build time.', '/*', ...Object.entries(all).map(([name, value]) => `  ${name}: ${value}`)];
  lines.push(`${HASHED_ASSETS}*`, `  Cache-Control: ${HASHED_ASSET_CACHE_CONTROL}`);
  for (const path of SITE_IMAGES) lines.push(path, `  Cache-Control: ${SITE_IMAGE_CACHE_CONTROL}`);
  for (const host of LOCAL_HOSTS) lines.push(`https://${host}/*`, '  ! Strict-Transport-Security');
  return `${lines.join('\n')}\n`;
}
