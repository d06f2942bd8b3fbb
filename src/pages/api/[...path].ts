import { env } from 'cloudflare:workers';
import type { APIRoute } from 'astro';
import { handleApi } from '../../../functions/api.ts';

export const prerender = false;

/** Mounts the platform API (functions/) under /api. */
export const ALL: APIRoute = ({ request }) => handleApi(request, env);
