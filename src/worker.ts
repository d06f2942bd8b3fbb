import { handle } from '@astrojs/cloudflare/handler';
import type { Env } from '../functions/env.ts';
import { consumeHits } from '../functions/hits/hit-writer.ts';
import { consumeMail, drainOutbox, MAIL_QUEUE } from '../functions/email/deliver.ts';
import { runHousekeeping } from '../functions/housekeeping.ts';
import { HEALTH_PATH, healthAnswer } from '../functions/health.ts';
import { isContentRequest } from '../functions/scorm/content-origin.ts';
import { serveContent } from '../functions/scorm/serve-content.ts';
import { LOG_USER_HEADER, rememberRequestId, requestIdOf, requestLogLine } from '../functions/request-log.ts';
import { withSecurityHeaders } from './server/secure-headers.ts';
import { HSTS, isLocalHost } from '../core/security-headers.ts';
import { guardPagePost, refusalAnswer, refusalPageRequest } from './server/page-post-guard.ts';
import { rewrittenHost } from './server/rewritten-host.ts';
import { withMarkedSession } from './server/marked-session.ts';
import { createApiApp } from '../functions/app.ts';
import { isApiPath } from '../core/api-prefix.ts';
import { MEDIA_PREFIX, serveMedia } from '../functions/lms/media.ts';

// The pages' CSP hashes (integrations/security-headers.mjs): API answers carry the same policy.
const api = createApiApp({ scriptHashes: import.meta.env.CSP_SCRIPT_HASHES ?? [] });

const plainAnswer = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * The Worker (wrangler.toml `main`): the platform API (functions/app.ts) and Astro's handler for
 * everything else, with the security headers set on whatever either answers. Astro refuses a cross-site form post (its origin check) and answers some errors before
 * any middleware runs, so only here does every response get them, and only here is every request
 * logged (one JSON line, functions/request-log.ts). Requests to the SCORM content origin never reach
 * Astro: functions/scorm/serve-content.ts answers them all. For the same reason page posts are judged here
 * (src/server/page-post-guard.ts), before Astro's check and before any page reads a body: a refused
 * one is answered by the error page, in the reader's language.
 */
export default {
  async fetch(request, env, context) {
    const started = Date.now();
    const id = requestIdOf(request);
    rememberRequestId(context, id);
    let response: Response;
    const url = new URL(request.url);
    try {
      if (rewrittenHost(request)) {
        response = withSecurityHeaders(plainAnswer(400, 'Bad request: the address names another host'), url);
      } else if (isContentRequest(url, env)) {
        // The SCORM content origin: package files and their runtime page only, with headers of their own.
        response = await serveContent(request, env);
        if (!isLocalHost(url.hostname)) response.headers.set('Strict-Transport-Security', HSTS);
      } else if (url.pathname === HEALTH_PATH && request.method === 'GET') {
        response = withSecurityHeaders(await healthAnswer(env, import.meta.env.PUBLIC_BUILD_ID ?? 'unknown'), url);
      } else if (isApiPath(url.pathname)) {
        // Straight to the API: it needs none of Astro's routing, rendering pipeline and page
        // middleware, which cost each call about 0.6 ms of workerd's one busy thread.
        response = withSecurityHeaders(withMarkedSession(await api.fetch(request, env, context), url), url);
      } else if (url.pathname.startsWith(MEDIA_PREFIX)) {
        // Course media, to signed-in learners only: like the API, it guards itself, and may renew or clear the session.
        response = withSecurityHeaders(withMarkedSession(await serveMedia(request, env), url), url);
      } else {
        const post = await guardPagePost(request);
        response = withSecurityHeaders(
          post.kind === 'pass'
            ? await handle(post.request, env, context)
            : await refusalAnswer(await handle(refusalPageRequest(request, post.error, context), env, context), post.error, post.rest),
          url,
        );
      }
    } catch (error) {
      // Answered here, not thrown: locally Miniflare would send the stack to the visitor.
      console.log(requestLogLine({ id, request, status: 500, started, ended: Date.now(), user: null }));
      console.error(JSON.stringify({ type: 'error', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
      return withSecurityHeaders(plainAnswer(500, 'Internal error'), url);
    }
    const user = response.headers.get(LOG_USER_HEADER);
    response.headers.delete(LOG_USER_HEADER);
    console.log(requestLogLine({ id, request, status: response.status, started, ended: Date.now(), user }));
    return response;
  },
  // The queues' consumer (wrangler.toml): the e-mail outbox's deliveries (functions/email/deliver.ts),
  // else hits written in batches (functions/hits/hit-writer.ts).
  async queue(batch, env) {
    if (batch.queue === MAIL_QUEUE) await consumeMail(batch, env);
    else await consumeHits(batch, env);
  },
  // The Cron Trigger (wrangler.toml): expired throttle counters, used challenges and the like, then
  // whatever e-mail a lost queue message left undelivered.
  async scheduled(controller, env) {
    console.log(JSON.stringify({ type: 'housekeeping', cron: controller.cron, ...(await runHousekeeping(env, Number(controller.scheduledTime))) }));
    console.log(JSON.stringify({ type: 'mail', event: 'scheduled-delivery', ...(await drainOutbox(env)) }));
  },
} satisfies ExportedHandler<Env>;
