/**
 * One JSON line per request (src/worker.ts), which Workers Logs index by field. It names the
 * request, never what it carried: no query string (an error screen's `e` holds a message, a
 * federated callback a code), no header, cookie, token or body.
 */
export interface RequestLogLine {
  type: 'request';
  /** `cf-ray` on Cloudflare, else a random id: what a support request quotes to find this line. */
  id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The signed-in user's id, or null for a visitor. */
  user: string | null;
}

/**
 * The pages' middleware and the API name the signed-in user in this response header for the log
 * line; the Worker removes it before the answer leaves.
 */
export const LOG_USER_HEADER = 'x-tiles-log-user';

const RAY = /^[A-Za-z0-9-]{1,64}$/;

export function requestIdOf(request: Request): string {
  const ray = request.headers.get('cf-ray');
  return ray && RAY.test(ray) ? ray : crypto.randomUUID();
}

export function requestLogLine(fields: { id: string; request: Request; status: number; started: number; ended: number; user: string | null }): string {
  const line: RequestLogLine = {
    type: 'request',
    id: fields.id,
    method: fields.request.method,
    path: new URL(fields.request.url).pathname.slice(0, 512),
    status: fields.status,
    ms: Math.max(0, Math.round(fields.ended - fields.started)),
    user: fields.user,
  };
  return JSON.stringify(line);
}

/** Each request's id, by its execution context (Astro hands it to pages as `locals.cfContext`). */
const requestIds = new WeakMap<object, string>();

export function rememberRequestId(context: object, id: string): void {
  requestIds.set(context, id);
}

/** The id of the request being answered, for the error screen's support reference; null outside the Worker. */
export function requestIdFor(context: object | undefined): string | null {
  return (context && requestIds.get(context)) ?? null;
}
