import { describe, expect, it } from 'vitest';
import { PART_SIZE } from '../../../../core/media/kinds.ts';
import { createApiClient } from '../../../../src/lib/api-client.ts';
import { fingerprintOf, uploadFile, type UploadEvent } from '../../../../src/lib/media-upload.ts';

/** The upload calls as the server answers them, in memory: parts kept by number, a connection that may drop. */
function fakeServer(options: { dropPart?: number; drops?: number; refusePart?: number; unfinished?: number } = {}) {
  const parts = new Map<number, number>();
  const sent: string[] = [];
  let drops = options.drops ?? 0;
  const upload = (size: number) => ({
    id: 'a'.repeat(32),
    name: 'lezione.mp4',
    type: 'video/mp4',
    kind: 'video',
    size,
    partSize: PART_SIZE,
    partCount: Math.ceil(size / PART_SIZE),
    received: [...parts.keys()].sort(),
    receivedBytes: [...parts.values()].reduce((sum, n) => sum + n, 0),
    url: '/media/lezione-aaaa.mp4',
    replaces: null,
    fingerprint: '1700000000000',
    startedAt: '2026-01-01T00:00:00.000Z',
  });
  let size = options.unfinished ?? 0;
  const json = (outcome: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { outcome } : outcome), { status });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    sent.push(`${init?.method} ${path}`);
    if (init?.method === 'GET' && path === '/api/cms/uploads') return json(options.unfinished ? [upload(size)] : []);
    if (init?.method === 'POST' && path === '/api/cms/uploads') {
      size = (JSON.parse(String(init.body)) as { size: number }).size;
      return json(upload(size));
    }
    if (init?.method === 'GET') return json(upload(size));
    if (init?.method === 'DELETE') return json({ id: 'a'.repeat(32) });
    const part = /parts\/(\d+)$/.exec(path)?.[1];
    if (part) {
      const n = Number(part);
      if (n === options.dropPart && drops > 0) {
        drops -= 1;
        throw new TypeError('Failed to fetch');
      }
      if (n === options.refusePart)
        return json({ statusCode: 415, statusMessage: 'Unsupported Media Type', message: 'Il contenuto del file non è del tipo dichiarato.' }, 415);
      parts.set(n, (init?.body as Blob).size);
      return json({ part: n, size: (init?.body as Blob).size, receivedBytes: [...parts.values()].reduce((sum, value) => sum + value, 0) });
    }
    return json({ key: 'lezione-aaaa.mp4', url: '/media/lezione-aaaa.mp4', name: 'lezione.mp4' });
  };
  return { api: createApiClient({ siteId: () => 's', localeCode: () => 'it-IT', fetch }), sent, parts };
}

const file = (size: number) => new File([new Uint8Array(size)], 'lezione.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const noWait = async () => undefined;

describe('uploadFile', () => {
  it('sends a file in parts with its progress, then has it checked', async () => {
    const server = fakeServer();
    const events: UploadEvent[] = [];
    await uploadFile(server.api, file(2 * PART_SIZE + 10), { onEvent: (event) => events.push(event), wait: noWait });
    expect(server.sent.filter((call) => call.startsWith('PUT'))).toEqual([1, 2, 3].map((n) => `PUT /api/cms/uploads/${'a'.repeat(32)}/parts/${n}`));
    expect(events.filter((event) => event.kind === 'progress').map((event) => (event as { done: number }).done)).toEqual([
      0,
      PART_SIZE,
      2 * PART_SIZE,
      2 * PART_SIZE + 10,
    ]);
    expect(events.at(-1)).toEqual({ kind: 'checking' });
    expect(server.sent.at(-1)).toBe(`POST /api/cms/uploads/${'a'.repeat(32)}/complete`);
  });

  it('after a dropped connection waits, asks what the server has, and sends only what is missing', async () => {
    const server = fakeServer({ dropPart: 2, drops: 2 });
    const waits: number[] = [];
    const events: UploadEvent[] = [];
    await uploadFile(server.api, file(3 * PART_SIZE), { onEvent: (event) => events.push(event), wait: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([1000, 2000]);
    expect(events).toContainEqual({ kind: 'retrying', seconds: 1 });
    const puts = server.sent.filter((call) => call.startsWith('PUT')).map((call) => call.slice(-1));
    expect(puts).toEqual(['1', '2', '2', '2', '3']);
    expect([...server.parts.keys()].sort()).toEqual([1, 2, 3]);
  });

  it('resumes an unfinished upload of the same file rather than starting again', async () => {
    const server = fakeServer({ unfinished: 2 * PART_SIZE });
    server.parts.set(1, PART_SIZE);
    const events: UploadEvent[] = [];
    const same = file(2 * PART_SIZE);
    expect(fingerprintOf(same)).toBe('1700000000000');
    await uploadFile(server.api, same, { onEvent: (event) => events.push(event), wait: noWait });
    expect(events[0]).toEqual({ kind: 'resuming' });
    expect(server.sent.some((call) => call === 'POST /api/cms/uploads')).toBe(false);
    expect(server.sent.filter((call) => call.startsWith('PUT')).map((call) => call.slice(-1))).toEqual(['2']);
  });

  it("stops at a refusal with the server's message, and a cancelled upload is deleted", async () => {
    const refused = fakeServer({ refusePart: 1 });
    await expect(uploadFile(refused.api, file(10), { wait: noWait })).rejects.toThrow('Il contenuto del file non è del tipo dichiarato.');
    const cancelled = fakeServer({ dropPart: 1, drops: 1 });
    const abort = new AbortController();
    await expect(uploadFile(cancelled.api, file(10), { signal: abort.signal, wait: async () => abort.abort() })).rejects.toThrow();
    expect(cancelled.sent.at(-1)).toBe(`DELETE /api/cms/uploads/${'a'.repeat(32)}`);
  });
});
