import { env } from 'cloudflare:workers';
import type { APIRoute } from 'astro';
import { createApiApp } from '../../../functions/app.ts';

export const prerender = false;

// The pages' CSP hashes (integrations/security-headers.mjs): API answers carry the same policy.
const app = createApiApp({ scriptHashes: import.meta.env.CSP_SCRIPT_HASHES ?? [] });

/** Hands /api/* to the platform API, the Hono app of functions/app.ts. */
export const ALL: APIRoute = ({ request, locals }) => app.fetch(request, env, locals.cfContext);
