import type { Env } from '../env.ts';

/** The setting as last read, and its origin: every request asks (src/worker.ts), and it changes only with a new Worker. */
let parsed: { configured: string | undefined; origin: string | null } = { configured: undefined, origin: null };

/**
 * The SCORM content origin (`SCORM_CONTENT_ORIGIN`: wrangler.toml in production, set by
 * `npm start` locally), normalized, or null when none is configured: then no package runs, since
 * the site's own origin never serves one.
 */
export function contentOriginOf(env: Pick<Env, 'SCORM_CONTENT_ORIGIN'>): string | null {
  const configured = env.SCORM_CONTENT_ORIGIN;
  if (parsed.configured !== configured) parsed = { configured, origin: originOf(configured?.trim()) };
  return parsed.origin;
}

function originOf(configured: string | undefined): string | null {
  if (!configured) return null;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether a request came to the content origin (its Host names it). */
export function isContentRequest(url: URL, env: Pick<Env, 'SCORM_CONTENT_ORIGIN'>): boolean {
  const origin = contentOriginOf(env);
  return origin !== null && url.origin === origin;
}
