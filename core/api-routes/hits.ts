import { hitReceipt, hitRequest, hitWriterStatus } from '../contracts/event.ts';
import { statsOutcome } from '../contracts/stats.ts';
import type { RouteContract } from './contract.ts';

/** Page hits and the statistics read from them: functions/hits/. */
export const HITS_ROUTES = {
  postHit: { method: 'POST', path: '/event/hit', request: { json: hitRequest }, response: hitReceipt },
  // `npm start` waits until nothing is queued before it stops a Worker; the benchmark counts statements.
  getHitWriter: { method: 'GET', path: '/event/hit/writer', guard: 'build-worker', response: hitWriterStatus },
  // Before it stops a Worker, `npm start` has it write hits at once: its local queue ends with it.
  postHitWriterRetire: { method: 'POST', path: '/event/hit/writer/retire', guard: 'build-worker', response: hitWriterStatus },
  getStats: { method: 'GET', path: '/stats', auth: 'session', response: statsOutcome },
} as const satisfies Record<string, RouteContract>;
