// The SCORM content origin's door in `npm start`: forwards every request to the public socket, where
// the Worker tells the two origins apart by the address asked for (scripts/start.mjs). Its own
// answers, when the server is stopping or the Worker fails mid-answer, carry the same security
// headers as the Worker's: those of the build's `_headers` file.
import http from 'node:http';

/**
 * The security headers of a build's `_headers` file (integrations/security-headers.mjs writes it from
 * core/security-headers.ts): every path's but HSTS, HSTS, and the hosts it is detached on. Read from
 * the file rather than that module: TypeScript would cost this long-running process about 30 MB.
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    const entry = line.trim();
    if (entry === '' || entry.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: entry, set: {}, detached: [] });
    else if (entry.startsWith('!')) rules.at(-1)?.detached.push(entry.slice(1).trim());
    else if (entry.includes(':')) rules.at(-1).set[entry.slice(0, entry.indexOf(':')).trim()] = entry.slice(entry.indexOf(':') + 1).trim();
  }
  // Allow names what a static file answers, not the proxy's own answers.
  const { 'Strict-Transport-Security': hsts, Allow: _staticMethods, ...security } = rules.find((rule) => rule.path === '/*')?.set ?? {};
  if (!hsts || !security['Content-Security-Policy']) throw new Error('the _headers file names no security headers for every path');
  const localHosts = rules.filter((rule) => rule.detached.includes('Strict-Transport-Security')).map((rule) => new URL(rule.path.replace(/\*$/, '')).hostname);
  return { security, hsts, localHosts };
}

/** The proxy's own error answer: 503 while nothing listens upstream (a restart), else 502. */
function errorAnswer(headers, request, response, error) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const restarting = error?.code === 'ECONNREFUSED' || error?.code === 'ECONNRESET';
  const hostname = (request.headers.host ?? '').replace(/:\d+$/, '');
  response.writeHead(restarting ? 503 : 502, {
    ...headers.security,
    ...(headers.localHosts.includes(hostname) ? {} : { 'Strict-Transport-Security': headers.hsts }),
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...(restarting ? { 'retry-after': '2' } : {}),
  });
  response.end(restarting ? 'Service restarting: try again in a moment.' : 'Bad gateway');
}

// Miniflare's local tools: the cron trigger and the explorer, which lists every e-mail sent (reset
// links included). Miniflare answers them for a request to this machine's own name, which the content
// origin is (127.0.0.1): a package's script must never reach them, so this door never opens them.
const LOCAL_TOOLS = '/cdn-cgi/';

/**
 * What the SCORM content origin serves (core/scorm/content-address.ts: an item's runtime page and
 * the module beside it, a package's files), written again here since this process imports no
 * TypeScript; a unit test keeps the two alike. Its door opens nothing else: workerd's asset layer
 * answers a pre-rendered page before the Worker can tell the hosts apart.
 */
export const CONTENT_PATHS = ['/run/', '/p/'];

/** 404 for the local tools, and for any path the door does not open. */
function refuses(headers, request, response, opens) {
  const path = request.url ?? '';
  if (!path.startsWith(LOCAL_TOOLS) && (!opens || opens.some((prefix) => path.startsWith(prefix)))) return false;
  response.writeHead(404, {
    ...headers.security,
    'Strict-Transport-Security': headers.hsts,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end('Not found');
  return true;
}

/**
 * The headers sent on to the Worker: Miniflare's own (`MF-…`) only as this proxy sets them. Behind
 * a reverse proxy that ends HTTPS (Caddy sends `X-Forwarded-Proto: https`), the Worker sees the
 * address the browser asked for (Miniflare's `MF-Original-URL`), so that same-origin checks and
 * the SCORM player's origins name https, not the plain http of the last hop.
 */
export function forwardedHeaders(headers, path) {
  const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith('mf-')));
  const proto = headers['x-forwarded-proto'];
  // Only a plain host name (and port) becomes part of an address: nothing else a client sends as Host.
  if (proto === 'https' && /^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/.test(headers.host ?? '')) forwarded['mf-original-url'] = `https://${headers.host}${path}`;
  return forwarded;
}

/**
 * `upstream()` names the port of the Worker to use for each new request, or null while the server
 * stops (then new requests get the restart answer); `headers` are the build's (parseHeadersFile);
 * `opens`, when given, the path prefixes forwarded (any other gets a 404).
 * `forwarding()` counts requests not yet answered.
 */
export function createProxy(upstream, headers, { opens } = {}) {
  let forwarding = 0;
  const server = http.createServer((request, response) => {
    if (refuses(headers, request, response, opens)) return;
    if (!upstream()) return errorAnswer(headers, request, response, { code: 'ECONNREFUSED' });
    forwarding++;
    response.on('close', () => forwarding--);
    const forward = http.request(
      { host: '127.0.0.1', port: upstream().port, path: request.url, method: request.method, headers: forwardedHeaders(request.headers, request.url) },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    forward.on('error', (error) => {
      forward.destroy();
      errorAnswer(headers, request, response, error);
    });
    request.pipe(forward);
  });
  server.forwarding = () => forwarding;
  return server;
}
