/** Statuses worth one more try, for a request that changes nothing. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Only non-mutating requests are retried, and only once. */
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return attempt === 0 && !MUTATING.has(method.toUpperCase()) && RETRY_STATUSES.has(status);
}
