import { defineMiddleware } from 'astro:middleware';
import { withMarkedSession } from './marked-session.ts';

/** Keeps the display marker (t-in) beside t-ssid on every page's answer (marked-session.ts). */
export const sessionMarker = defineMiddleware(async (context, next) => withMarkedSession(await next(), context.url));
