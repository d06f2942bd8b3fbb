import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { headersFile, HSTS, securityHeaders } from '../../../core/security-headers.ts';
import { CONTENT_PATHS, createProxy, parseHeadersFile } from '../../../scripts/proxy.mjs';
import { CONTENT_FILE_PREFIX, CONTENT_RUNTIME_PREFIX, CONTENT_RUNTIME_SCRIPT } from '../../../core/scorm/content-address.ts';

/** The headers a build's `_headers` file gives the proxy, as npm start reads them. */
const HEADERS = parseHeadersFile(headersFile(['sha256-abc=']));

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      if (server instanceof http.Server) server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function listen<T extends net.Server>(server: T): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A request through a fresh proxy, with the Host a browser would send (fetch may not set it). */
async function through(upstreamPort: number, host = 'localhost', path = '/it-IT', headers: http.OutgoingHttpHeaders = {}, opens?: string[]): Promise<Answer> {
  const port = await listen(createProxy(() => ({ port: upstreamPort }), HEADERS, { opens }));
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host, ...headers }, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

function expectSecurityHeaders(answer: Answer): void {
  const csp = String(answer.headers['content-security-policy'] ?? '');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  for (const name of ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options']) expect(answer.headers[name], name).toBeTruthy();
}

describe("the SCORM content origin's proxy in npm start", () => {
  it("reads a build's _headers file back into the Worker's security headers, HSTS and the hosts without it", () => {
    expect(HEADERS.security).toEqual(securityHeaders(['sha256-abc=']));
    expect(HEADERS.hsts).toBe(HSTS);
    expect(HEADERS.localHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(() => parseHeadersFile('# nothing\n')).toThrow(/no security headers/);
  });

  it('answers 503 with Retry-After and the security headers while the Worker is restarting', async () => {
    const answer = await through(await freePort());
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(answer);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 502 with the security headers when the Worker answers garbage, with HSTS off localhost', async () => {
    const garbage = net.createServer((socket) => socket.resume().end('not http at all\r\n\r\n'));
    const answer = await through(await listen(garbage), 'learn.example');
    expect(answer.status).toBe(502);
    expectSecurityHeaders(answer);
    expect(answer.headers['strict-transport-security']).toContain('max-age=');
  });

  it("passes the Worker's own answers through unchanged", async () => {
    const worker = http.createServer((_request, response) => {
      response.writeHead(418, { 'x-from': 'worker' });
      response.end('teapot');
    });
    const answer = await through(await listen(worker));
    expect(answer).toMatchObject({ status: 418, body: 'teapot' });
    expect(answer.headers['x-from']).toBe('worker');
  });

  it("never opens workerd's local tools (sent e-mail, the cron): the content origin is this machine's too, and a package's script runs there", async () => {
    const worker = http.createServer((_request, response) => response.end('explorer'));
    const workerPort = await listen(worker);
    const explorer = '/cdn-cgi/local/explorer/api/local/email/sending';
    expect(await through(workerPort, '127.0.0.1:4324', explorer)).toMatchObject({ status: 404 });
    expect(await through(workerPort, 'localhost:4324', explorer)).toMatchObject({ status: 404 });
    expect(await through(workerPort, 'contenuti.example', '/cdn-cgi/local/scheduled?cron=17+*+*+*+*')).toMatchObject({ status: 404 });
    expect(await through(workerPort, '127.0.0.1:4324', '/p/x/index.html')).toMatchObject({ status: 200 });
  });

  it("opens only the content origin's own paths: the site's pre-rendered pages are not served from a package's origin", async () => {
    expect(CONTENT_PATHS).toEqual([CONTENT_RUNTIME_PREFIX, CONTENT_FILE_PREFIX]);
    expect(CONTENT_RUNTIME_SCRIPT.startsWith(CONTENT_RUNTIME_PREFIX)).toBe(true);
    const worker = http.createServer((_request, response) => response.end('from the Worker'));
    const workerPort = await listen(worker);
    const content = (path: string) => through(workerPort, '127.0.0.1:4324', path, {}, CONTENT_PATHS);
    for (const path of ['/it-IT', '/it-IT/catalogo-corsi', '/', '/_astro/client.js', '/api/auth/user', '//p/x/index.html', '/pp/x']) {
      const answer = await content(path);
      expect(answer.status, path).toBe(404);
      expectSecurityHeaders(answer);
    }
    for (const path of ['/p/x.y/index.html', '/run/x.y/index.html', CONTENT_RUNTIME_SCRIPT])
      expect(await content(path), path).toMatchObject({ status: 200, body: 'from the Worker' });
  });

  it('tells the Worker the address the browser asked for behind an HTTPS reverse proxy, and passes on no Miniflare header a client sent', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const worker = http.createServer((request, response) => {
      seen = request.headers;
      response.end('ok');
    });
    const workerPort = await listen(worker);
    await through(workerPort, 'formazione.example.it', '/it-IT/profile?x=1', { 'x-forwarded-proto': 'https' });
    expect(seen['mf-original-url']).toBe('https://formazione.example.it/it-IT/profile?x=1');
    await through(workerPort, 'evil.example/@x', '/it-IT', { 'x-forwarded-proto': 'https' });
    expect(seen['mf-original-url']).toBeUndefined();
    await through(workerPort, 'localhost:4321', '/it-IT', { 'mf-original-url': 'http://127.0.0.1:4324/p/x/index.html', 'MF-Op-Original-URL': 'http://evil' });
    expect(seen['mf-original-url']).toBeUndefined();
    expect(seen['mf-op-original-url']).toBeUndefined();
    expect(seen.host).toBe('localhost:4321');
  });
});
