import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { claimBuildRequest, finishBuildRequest } from '../data/cms.ts';
import { HttpError } from '../http-error.ts';
import { constantTimeEqual } from '../password.ts';
import { readJson } from '../read-json.ts';
import { validate } from '../validate.ts';

/**
 * The local build worker (scripts/build-worker.mjs) authenticates with BUILD_WORKER_TOKEN, a
 * random secret `npm start` writes for each run. Without the secret these calls do not exist.
 */
async function requireWorker(context: ApiContext): Promise<void> {
  const expected = context.env.BUILD_WORKER_TOKEN;
  const given = context.request.headers.get('x-build-worker') ?? '';
  if (!expected || expected.length < 32) throw new HttpError(404, `Resource not found: ${context.url.pathname}`);
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encoder.encode(given)), crypto.subtle.digest('SHA-256', encoder.encode(expected))]);
  // Digests first: equal lengths, so the comparison reveals nothing about the secret's length.
  if (!constantTimeEqual(new Uint8Array(a), new Uint8Array(b))) throw new HttpError(404, `Resource not found: ${context.url.pathname}`);
}

export async function claimBuild(context: ApiContext): Promise<{ id: number; siteId: string } | null> {
  await requireWorker(context);
  return claimBuildRequest(context.env.DB, context.now);
}

const finishBody = z.object({ status: z.enum(['live', 'failed']), buildId: z.string().max(100).optional(), error: z.string().max(2000).optional() });

export async function finishBuild(context: ApiContext): Promise<{ id: number }> {
  await requireWorker(context);
  const id = validate(z.coerce.number().int().positive(), context.params.id, context.language, 'id');
  await finishBuildRequest(context.env.DB, id, validate(finishBody, await readJson(context), context.language), context.now);
  return { id };
}
