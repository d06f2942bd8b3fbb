import type { ScormCommitted } from '../../core/contracts/scorm.ts';
import { RETRY_STATUSES } from '../../core/retry-policy.ts';
import { ApiRequestError, createApiClient } from './api-client.ts';

export interface SessionParam {
  courseId: string;
  module: number;
  session: number;
}

/**
 * 'idle': nothing sent yet (nothing is claimed saved before the server has acknowledged a commit);
 * 'refused': the server refused the last commit for good (its reason is given); a later one may still be kept.
 */
export type CommitStatus = 'idle' | 'saved' | 'saving' | 'retrying' | 'refused';

interface Options {
  siteId: string;
  locale: string;
  session: SessionParam;
  /** The item (SCO) of the package whose runtime this is (core/scorm/manifest.ts `itemKey`). */
  item: string;
  onCommitted: (answer: ScormCommitted) => void;
  onStatus: (status: CommitStatus, reason?: string) => void;
}

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;
/**
 * Browsers refuse a keepalive request whose body, with the others still in flight, passes 64 KiB:
 * a last commit past what is left of it leaves in an ordinary request, which the page's going may cut short.
 */
const KEEPALIVE_BYTES = 60 * 1024;

/**
 * Sends a SCORM session's commits to the server, one at a time and the latest only: a commit
 * that fails for the network or a passing server error waits (1 s doubling to 30 s) and is sent
 * again, unless a newer one has replaced it. Every commit carries this sitting's id and its
 * number, so a retry the server receives after a newer commit changes nothing. `leave()` sends
 * what is pending in a keepalive request, which the browser completes after the page is gone.
 */
export function scormCommits({ siteId, locale, session, item, onCommitted, onStatus }: Options) {
  const attempt = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
  const leaving = createApiClient({ siteId: () => siteId, localeCode: () => locale, fetch: (input, init) => fetch(input, { ...init, keepalive: true }) });
  let sequence = 0;
  let pending: { sequence: number; cmi: Record<string, unknown> } | null = null;
  let lastSent = '';
  let sending = false;
  let wait = FIRST_WAIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bytes of this runtime's keepalive requests still in flight: the browser's limit counts them all.
  let keptAlive = 0;

  /** Makes `cmi` the commit to send, unless it is the one sent last; whether it did. */
  const replace = (cmi: Record<string, unknown>) => {
    const text = JSON.stringify(cmi);
    if (text === lastSent) return false;
    lastSent = text;
    pending = { sequence: ++sequence, cmi };
    clearTimeout(timer);
    timer = undefined;
    return true;
  };

  const send = async () => {
    timer = undefined;
    if (sending || !pending) return;
    sending = true;
    const commit = pending;
    onStatus('saving');
    try {
      const answer = await client.put('/lms/course/:courseId/session/:module/:session/scorm', { param: session, json: { attempt, item, ...commit } });
      if (pending === commit) pending = null;
      wait = FIRST_WAIT_MS;
      onCommitted(answer);
      onStatus(pending ? 'saving' : 'saved');
    } catch (error) {
      if (error instanceof ApiRequestError && !RETRY_STATUSES.has(error.statusCode)) {
        // Refused for good (the session changed, the learner signed out): nothing to retry, and the
        // learner is told it was not kept rather than shown "saved".
        if (pending === commit) pending = null;
        onStatus(pending ? 'saving' : 'refused', error.message);
      } else {
        onStatus('retrying');
        timer = setTimeout(() => void send(), wait);
        wait = Math.min(wait * 2, LONGEST_WAIT_MS);
      }
    } finally {
      sending = false;
    }
    if (pending && pending !== commit && timer === undefined) void send();
  };

  return {
    /** A commit of the runtime's CMI data; one equal to the last sent is not sent again. */
    push(cmi: Record<string, unknown>) {
      if (replace(cmi)) void send();
    },
    /**
     * The page is going (or the item): `cmi`, the runtime's last data, and whatever is not
     * acknowledged yet leave in a keepalive request, which the browser completes after the page is
     * gone. Never first in an ordinary request: the page's going cut it short, and the last data
     * was lost. A keepalive request that fails while the page stays is sent again as any commit.
     */
    leave(cmi?: Record<string, unknown>) {
      if (cmi) replace(cmi);
      const commit = pending;
      if (!commit) return;
      const body = { attempt, item, ...commit };
      const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
      const keepalive = keptAlive + bytes <= KEEPALIVE_BYTES;
      if (keepalive) keptAlive += bytes;
      (keepalive ? leaving : client)
        .put('/lms/course/:courseId/session/:module/:session/scorm', { param: session, json: body })
        .then((answer) => {
          if (pending === commit) pending = null;
          onCommitted(answer);
          onStatus(pending ? 'saving' : 'saved');
        })
        .catch((error: unknown) => {
          if (pending !== commit) return;
          if (error instanceof ApiRequestError && !RETRY_STATUSES.has(error.statusCode)) {
            pending = null;
            onStatus('refused', error.message);
          } else if (timer === undefined) timer = setTimeout(() => void send(), wait);
        })
        .finally(() => {
          if (keepalive) keptAlive -= bytes;
        });
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
