import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { requestLanguage } from '../request-language.ts';
import { isJsonMediaType } from './same-origin.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/** Bodies over `maxSize` (64 KiB unless a call says) are refused (413) before they are read whole: hono/body-limit counts as it reads. */
export const limitBody = (maxSize = MAX_BODY_BYTES) =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      throw new HttpError(413, message('bodyTooLarge', requestLanguage(c)));
    },
  });

/**
 * A call that takes a JSON body must say so (415) and send JSON that parses (400 in the caller's
 * language, where Hono's validator would answer in English). The text stays in Hono's body cache,
 * where zValidator('json') reads it next.
 */
export const requireJson = createMiddleware(async (c, next) => {
  const language = requestLanguage(c);
  if (!isJsonMediaType(c.req.header('content-type') ?? '')) throw new HttpError(415, message('unsupportedMediaType', language));
  try {
    JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, message('invalidJson', language));
  }
  await next();
});
