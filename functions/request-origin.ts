const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutating(method: string): boolean {
  return MUTATING.has(method.toUpperCase());
}

/**
 * A change requested from another site (CSRF): the browser's Origin differs from ours, or it says
 * the fetch is cross-site. Browsers always send one of the two with a mutating fetch; callers that
 * are not browsers (the build worker, curl) send neither and are judged by their credentials.
 */
export function isCrossSite(request: Request, url: URL): boolean {
  if (!isMutating(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== url.origin;
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

/** A mutating call may carry JSON or nothing: a form or text body is how cross-site forms arrive. */
export function hasNonJsonBody(request: Request): boolean {
  if (!isMutating(request.method)) return false;
  const type = request.headers.get('content-type');
  return type !== null && type.trim() !== '' && !/^application\/json\b/i.test(type);
}
