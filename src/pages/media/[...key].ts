import { env } from 'cloudflare:workers';
import type { APIRoute } from 'astro';
import { serveMedia } from '../../../functions/lms/media.ts';

export const prerender = false;

/** Course media from the private R2 bucket, to signed-in learners only (functions/lms/media.ts). */
export const ALL: APIRoute = ({ request }) => serveMedia(request, env);
