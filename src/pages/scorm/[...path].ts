import { env } from 'cloudflare:workers';
import type { APIRoute } from 'astro';
import { servePackageFile } from '../../../functions/scorm/serve-package.ts';

export const prerender = false;

/** A SCORM session's package files, to the learners its course lets in (functions/scorm/serve-package.ts). */
export const ALL: APIRoute = ({ request }) => servePackageFile(request, env);
