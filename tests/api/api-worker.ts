import { handleApi } from '../../functions/app.ts';
import type { Env } from '../../functions/env.ts';
import type { MessageBatch } from '@cloudflare/workers-types';
import { consumeHits } from '../../functions/hits/hit-writer.ts';
import { consumeMail, drainOutbox, MAIL_QUEUE } from '../../functions/email/deliver.ts';
import { runHousekeeping } from '../../functions/housekeeping.ts';
import { MEDIA_PREFIX, serveMedia } from '../../functions/lms/media.ts';
import { isContentRequest } from '../../functions/scorm/content-origin.ts';
import { serveContent } from '../../functions/scorm/serve-content.ts';
import { testMailbox } from './mailbox.ts';

/**
 * The API alone as a Worker, with the course media, the SCORM content origin and the queues' consumers: what the API tests
 * run in workerd (the site's Worker mounts the same handlers). E-mail goes to the tests' mailbox.
 */
export default {
  fetch: (request: Request, env: Env) => {
    const url = new URL(request.url);
    if (isContentRequest(url, env)) return serveContent(request, env);
    const { pathname } = url;
    if (pathname.startsWith(MEDIA_PREFIX)) return serveMedia(request, env);
    return handleApi(request, env);
  },
  queue: (batch: MessageBatch<unknown>, env: Env) =>
    batch.queue === MAIL_QUEUE ? consumeMail(batch, { ...env, EMAIL: testMailbox }) : consumeHits(batch, env),
  scheduled: async (controller: ScheduledController, env: Env) => {
    await runHousekeeping(env, Number(controller.scheduledTime));
    await drainOutbox({ ...env, EMAIL: testMailbox }, Number(controller.scheduledTime));
  },
};
