import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopback } from '../../../scripts/workerd-loopback.mjs';

const SECRET = 'a'.repeat(64);
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** A stand-in with its log lines collected, and a way to call it as workerd does. */
async function loopback() {
  const lines: { level: string; message: string }[] = [];
  const files = join(mkdtempSync(join(tmpdir(), 'loopback-test-')), 'files');
  const server = await startLoopback({ secret: SECRET, log: (line: { level: string; message: string }) => lines.push(line), files });
  stops.push(() => server.close());
  const call = (path: string, init: RequestInit & { secret?: string; level?: number } = {}) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      method: init.method ?? 'POST',
      body: init.body,
      headers: { 'mf-loopback-secret': init.secret ?? SECRET, ...(init.level === undefined ? {} : { 'mf-log-level': String(init.level) }) },
    });
  return { lines, call, close: () => server.close() };
}

describe("the server's stand-in for Miniflare's loopback (what workerd calls back for)", () => {
  it('refuses a call without the configuration’s secret, as Miniflare does', async () => {
    const { lines, call } = await loopback();
    const answer = await call('/core/log', { secret: 'b'.repeat(64), level: 1, body: 'forged' });
    expect(answer.status).toBe(403);
    expect(lines).toEqual([]);
  });

  it('logs warnings and errors, not the e-mail binding’s notes', async () => {
    const { lines, call } = await loopback();
    expect((await call('/core/log', { level: 2, body: 'a warning' })).status).toBe(204);
    expect((await call('/core/log', { level: 3, body: 'send_email binding called' })).status).toBe(204);
    expect(lines).toEqual([{ level: 'warn', message: 'a warning' }]);
  });

  it('answers an uncaught error with a plain 500 and no stack, which it logs', async () => {
    const { lines, call } = await loopback();
    const answer = await call('/core/error', { body: JSON.stringify({ message: 'boom', stack: 'Error: boom\n    at secret.ts:1' }) });
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe('Internal Server Error');
    expect(lines[0]?.message).toContain('secret.ts:1');
  });

  it('keeps a sent e-mail’s file until it stops, refusing names that leave its folder', async () => {
    const { call, close } = await loopback();
    const stored = await call('/core/store-temp-file?prefix=email/x&extension=eml&id=one', { body: 'Subject: hi' });
    const path = await stored.text();
    expect(readFileSync(path, 'utf8')).toBe('Subject: hi');
    expect((await call('/core/store-temp-file?extension=eml&id=..%2Fescape', { body: 'x' })).status).toBe(400);
    await close();
    expect(existsSync(path)).toBe(false);
  });

  it('names no other local server to the explorer, and 404s the rest', async () => {
    const { call } = await loopback();
    expect(await (await call('/core/dev-registry', { method: 'GET' })).json()).toEqual({});
    expect((await call('/core/anything', { method: 'GET' })).status).toBe(404);
  });
});
