// What Miniflare's workers inside workerd call back into Node for, answered by the server itself now
// that Miniflare does not run in its process (scripts/worker-server.mjs): log lines (the e-mail
// binding's, a Durable Object's), an uncaught error's page, the temporary file of a sent e-mail, the
// local explorer's question for other local servers (none). Anything else is 404. Listens on
// 127.0.0.1, and like Miniflare answers only requests that carry the configuration's secret.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

/** Miniflare's log levels (its LogLevel enum, 0-5), by number. */
const LEVELS = ['none', 'error', 'warn', 'info', 'debug', 'verbose'];
/** A temporary file's name and extension: letters, digits, dots, dashes and underscores. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Starts the stand-in for a workerd whose configuration carries `secret`; `log` takes
 * { level, message }; a sent e-mail's file goes into `files`. Resolves to { port, close }.
 */
export async function startLoopback({ secret, log, files }) {
  const expected = Buffer.from(secret);
  const server = http.createServer(async (request, response) => {
    const supplied = Buffer.from(String(request.headers['mf-loopback-secret'] ?? ''));
    if (supplied.byteLength !== expected.byteLength || !timingSafeEqual(supplied, expected)) {
      response.writeHead(403).end('Forbidden');
      return;
    }
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/core/log') {
        // Warnings and errors, as Miniflare's log at level WARN printed them: the e-mail binding's
        // note of each message sent is not news (the Worker logs what it sends itself).
        const level = LEVELS[Number(request.headers['mf-log-level'])] ?? 'info';
        if (level === 'error' || level === 'warn') log({ level, message: body.toString('utf8') });
        response.writeHead(204).end();
      } else if (url.pathname === '/core/error') {
        // The Worker threw outside every handler of its own: logged here, and the visitor gets a
        // plain 500 (never the stack Miniflare's development error page would show).
        log({ level: 'error', message: `Uncaught error: ${errorText(body)}` });
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
      } else if (url.pathname === '/core/store-temp-file') {
        const extension = url.searchParams.get('extension') ?? 'txt';
        const id = url.searchParams.get('id') ?? randomUUID();
        if (!SAFE_NAME.test(extension) || !SAFE_NAME.test(id)) {
          response.writeHead(400).end('Invalid temporary-file name');
          return;
        }
        mkdirSync(files, { recursive: true, mode: 0o700 });
        const path = join(files, `${id}.${extension}`);
        writeFileSync(path, body, { mode: 0o600 });
        response.writeHead(200).end(path);
      } else if (url.pathname === '/core/dev-registry') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(404).end();
      }
    } catch (error) {
      log({ level: 'error', message: `The loopback call ${url.pathname} failed: ${error.message}` });
      if (!response.headersSent) response.writeHead(500).end();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    /** Stops answering, and removes the e-mails' temporary files, as Miniflare does as it exits. */
    close() {
      rmSync(files, { recursive: true, force: true });
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An uncaught error's message and stack, from the JSON workerd sends (or its text as it is). */
function errorText(body) {
  try {
    const error = JSON.parse(body.toString('utf8'));
    return String(error.stack ?? error.message ?? body);
  } catch {
    return body.toString('utf8').slice(0, 2000);
  }
}
