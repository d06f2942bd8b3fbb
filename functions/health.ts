import type { Env } from './env.ts';
import { findContentVersion } from './data/site/sites.ts';

/** Where a monitor (or a reverse proxy's health check) asks whether the platform can serve. */
export const HEALTH_PATH = '/healthz';

/**
 * 200 when the Worker answers and its database is there and migrated, else 503: what an uptime
 * monitor polls. Says nothing a visitor may not know (no versions of software, no counts).
 */
export async function healthAnswer(env: Env, buildId: string): Promise<Response> {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  try {
    await findContentVersion(env.DB);
    return new Response(JSON.stringify({ status: 'ok', database: 'ok', build: buildId }), { status: 200, headers });
  } catch (error) {
    console.error('Health check: the database did not answer', error);
    return new Response(JSON.stringify({ status: 'unavailable', database: 'error', build: buildId }), { status: 503, headers });
  }
}
