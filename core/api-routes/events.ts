import { createdRecord } from '../contracts/common.ts';
import { eventRequest } from '../contracts/event.ts';
import type { RouteContract } from './contract.ts';

/** Learners' events (gamification): functions/events/. */
export const EVENTS_ROUTES = {
  postEvent: { method: 'POST', path: '/event', auth: 'session', request: { json: eventRequest }, response: createdRecord },
} as const satisfies Record<string, RouteContract>;
