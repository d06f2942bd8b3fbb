import { handleApi } from '../../functions/app.ts';
import type { Env } from '../../functions/env.ts';

/** The API alone as a Worker: what the API tests run in workerd (the site's Worker mounts the same handler). */
export default {
  fetch: (request: Request, env: Env) => handleApi(request, env),
};
