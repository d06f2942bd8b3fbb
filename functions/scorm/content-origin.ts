import type { Env } from '../env.ts';

/**
 * The SCORM content origin (`SCORM_CONTENT_ORIGIN`: wrangler.toml in production, set by
 * `npm start` locally), normalized, or null when none is configured: then no package runs, since
 * the site's own origin never serves one.
 */
export function contentOriginOf(env: Pick<Env, 'SCORM_CONTENT_ORIGIN'>): string | null {
  const configured = env.SCORM_CONTENT_ORIGIN?.trim();
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
