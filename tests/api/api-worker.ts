import { handleApi } from '../../functions/app.ts';
import type { Env } from '../../functions/env.ts';
import type { MessageBatch } from '@cloudflare/workers-types';
import { consumeHits } from '../../functions/hits/hit-writer.ts';
import { consumeMail, drainOutbox, MAIL_QUEUE } from '../../functions/email/deliver.ts';
import { runHousekeeping } from '../../functions/housekeeping.ts';
import { MEDIA_PREFIX, serveMedia } from '../../functions/lms/media.ts';
import { SCORM_PREFIX } from '../../core/scorm/package-path.ts';
import { servePackageFile } from '../../functions/scorm/serve-package.ts';
import { testMailbox } from './mailbox.ts';

/**
 * The API alone as a Worker, with the course media, SCORM packages and the queues' consumers: what the API tests
 * run in workerd (the site's Worker mounts the same handlers). E-mail goes to the tests' mailbox.
 */
export default {
  fetch: (request: Request, env: Env) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith(MEDIA_PREFIX)) return serveMedia(request, env);
    if (pathname.startsWith(SCORM_PREFIX)) return servePackageFile(request, env);
    return handleApi(request, env);
  },
  queue: (batch: MessageBatch<unknown>, env: Env) =>
    batch.queue === MAIL_QUEUE ? consumeMail(batch, { ...env, EMAIL: testMailbox }) : consumeHits(batch, env),
  scheduled: async (controller: ScheduledController, env: Env) => {
    await runHousekeeping(env, Number(controller.scheduledTime));
    await drainOutbox({ ...env, EMAIL: testMailbox }, Number(controller.scheduledTime));
  },
};
