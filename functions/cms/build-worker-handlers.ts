import type { z } from 'zod';
import type { buildParams, finishBuildRequest as finishBody } from '../../core/contracts/cms.ts';
import type { ApiContext } from '../api-context.ts';
import type { Env } from '../env.ts';
import { claimBuildRequest, finishBuildRequest } from '../data/cms/builds.ts';
import { rollBackPublish } from './rollback.ts';
import { readContentSnapshot, type ContentSnapshot } from '../data/cms/snapshot.ts';
import { constantTimeEqual } from '../auth/password.ts';

/**
 * The local build worker (scripts/build-worker.mjs) authenticates with BUILD_WORKER_TOKEN, a
 * random secret `npm start` writes for each run. Without the secret these calls do not exist: the
 * route's guard makes the app answer the same 404 as for an unknown path, before anything else.
 */
export async function isBuildWorker(request: Request, env: Env): Promise<boolean> {
  const expected = env.BUILD_WORKER_TOKEN;
  const given = request.headers.get('x-build-worker') ?? '';
  if (!expected || expected.length < 32) return false;
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encoder.encode(given)), crypto.subtle.digest('SHA-256', encoder.encode(expected))]);
  // Digests first: equal lengths, so the comparison reveals nothing about the secret's length.
  return constantTimeEqual(new Uint8Array(a), new Uint8Array(b));
}

export async function claimBuild(context: ApiContext): Promise<{ id: number; siteId: string } | null> {
  return claimBuildRequest(context.env.DB, context.now);
}

export async function finishBuild(
  context: ApiContext,
  { param: { id }, json: body }: { param: z.output<typeof buildParams>; json: z.output<typeof finishBody> },
): Promise<{ id: number }> {
  const failed = await finishBuildRequest(context.env.DB, id, body, context.now);
  if (failed) await rollBackPublish(context.env.DB, failed.siteId, id, failed.requestedBy, context.now);
  return { id };
}

/** What the pre-rendered pages show, read from this (the live) database: builds render it, never their own disk. */
export async function getSnapshot(context: ApiContext): Promise<ContentSnapshot> {
  return readContentSnapshot(context.env.DB);
}
