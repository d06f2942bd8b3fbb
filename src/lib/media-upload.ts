import type { MediaItem, MediaUpload } from '../../core/contracts/media.ts';
import { declaredType } from '../../core/media/kinds.ts';
import { ApiRequestError, type ApiClient } from './api-client.ts';

/** What an upload reports while it runs, for its progress bar and its status line. */
export type UploadEvent =
  { kind: 'progress'; done: number; total: number } | { kind: 'resuming' } | { kind: 'retrying'; seconds: number } | { kind: 'checking' };

export interface UploadOptions {
  /** The library file whose address the new bytes take. */
  replaces?: string;
  onEvent?: (event: UploadEvent) => void;
  /** Aborting cancels the upload: the server keeps nothing of it. */
  signal?: AbortSignal;
  /** How to wait between attempts (tests pass a clock of their own). */
  wait?: (ms: number) => Promise<void>;
}

/** Waits before trying again after a lost part: the connection gets time to come back. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000, 30_000];

/** Statuses that say "not now" rather than "no": the part is sent again. */
const TRANSIENT = new Set([408, 429, 500, 502, 503, 504]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How the browser knows a file again after a reload: an upload resumes only for the same file. */
export const fingerprintOf = (file: File): string => `${file.lastModified}`;

/**
 * Sends a file to the media library in parts (the server says their size), then has it checked:
 * a lost part is sent again after a pause, and only the parts the server does not have; an upload
 * the editor left unfinished (a closed tab) resumes when the same file is chosen again. A refusal
 * (a type that is not the content, a file cut short, one over its limit) throws with the server's
 * message. Answers the library file.
 */
export async function uploadFile(api: ApiClient, file: File, options: UploadOptions = {}): Promise<MediaItem> {
  const { onEvent = () => undefined, signal, wait = sleep } = options;
  const type = declaredType(file.name, file.type);
  const fingerprint = fingerprintOf(file);
  const unfinished = (await api.get('/cms/uploads')).find(
    (upload) =>
      upload.name === file.name &&
      upload.size === file.size &&
      upload.type === type &&
      upload.fingerprint === fingerprint &&
      upload.replaces === (options.replaces ?? null),
  );
  if (unfinished) onEvent({ kind: 'resuming' });
  let upload: MediaUpload =
    unfinished ?? (await api.post('/cms/uploads', { json: { name: file.name, type, size: file.size, fingerprint, replaces: options.replaces } }));
  const { id } = upload;
  try {
    for (let failures = 0; ;) {
      const received = new Set(upload.received);
      let done = upload.receivedBytes;
      onEvent({ kind: 'progress', done, total: file.size });
      try {
        for (let part = 1; part <= upload.partCount; part++) {
          if (received.has(part)) continue;
          signal?.throwIfAborted();
          const bytes = file.slice((part - 1) * upload.partSize, part * upload.partSize);
          done = (await api.put('/cms/uploads/:id/parts/:part', { param: { id, part }, bytes })).receivedBytes;
          onEvent({ kind: 'progress', done, total: file.size });
          failures = 0;
        }
        break;
      } catch (error) {
        if (signal?.aborted || (error instanceof ApiRequestError && !TRANSIENT.has(error.statusCode))) throw error;
        const delay = RETRY_DELAYS_MS[failures++];
        if (delay === undefined) throw error;
        onEvent({ kind: 'retrying', seconds: delay / 1000 });
        await wait(delay);
        upload = await refreshed(api, upload);
      }
    }
    signal?.throwIfAborted();
    onEvent({ kind: 'checking' });
    return await api.post('/cms/uploads/:id/complete', { param: { id } });
  } catch (error) {
    if (signal?.aborted) await api.delete('/cms/uploads/:id', { param: { id } }).catch(() => undefined);
    throw error;
  }
}

/** Where the upload stands on the server; if the connection is still down, as it was known. */
async function refreshed(api: ApiClient, upload: MediaUpload): Promise<MediaUpload> {
  try {
    return await api.get('/cms/uploads/:id', { param: { id: upload.id } });
  } catch (error) {
    if (error instanceof ApiRequestError && !TRANSIENT.has(error.statusCode)) throw error;
    return upload;
  }
}
