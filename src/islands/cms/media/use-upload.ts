import { useRef, useState } from 'react';
import type { MediaItem } from '../../../../core/contracts/media.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/media-upload.ts';
import { rememberMedia } from '../../../stores/media.ts';

/** What the status line adds while parts go: an unfinished upload taken up again, or a wait after a lost connection. */
export type UploadNote = { kind: 'resuming' } | { kind: 'retrying'; seconds: number } | null;

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; done: number; total: number; note: UploadNote }
  | { kind: 'checking'; name: string }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

export interface Upload {
  state: UploadState;
  /** Sends a file (replacing the library file `replaces`): the library file, or null if refused, failed or cancelled. */
  send: (file: File, replaces?: string) => Promise<MediaItem | null>;
  cancel: () => void;
}

/** One upload at a time, and what its progress bar and status line show. */
export function useUpload(api: ApiClient, t: Translate): Upload {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function send(file: File, replaces?: string): Promise<MediaItem | null> {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    let note: UploadNote = null;
    setState({ kind: 'sending', name: file.name, done: 0, total: file.size, note });
    try {
      const item = await uploadFile(api, file, {
        replaces,
        signal: abort.signal,
        onEvent(event) {
          if (event.kind === 'checking') return setState({ kind: 'checking', name: file.name });
          if (event.kind === 'progress') {
            // Parts go again: the wait is over.
            if (note?.kind === 'retrying') note = null;
            return setState({ kind: 'sending', name: file.name, done: event.done, total: event.total, note });
          }
          note = event;
          setState((current) => (current.kind === 'sending' ? { ...current, note } : current));
        },
      });
      rememberMedia(item);
      setState({ kind: 'done', message: t(replaces ? 'cms.media.replaced' : 'cms.media.uploaded', { name: item.name }) });
      return item;
    } catch (error) {
      if (abort.signal.aborted) setState({ kind: 'done', message: t('cms.media.cancelled') });
      // fetch's TypeError: no answer at all, after every retry.
      else setState({ kind: 'failed', message: error instanceof TypeError ? t('cms.media.offline') : t('cms.error', { message: (error as Error).message }) });
      return null;
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  return { state, send, cancel: () => controller.current?.abort() };
}
