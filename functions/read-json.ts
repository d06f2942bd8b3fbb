import type { ApiContext } from './api-context.ts';
import { HttpError } from './http-error.ts';
import { message } from './messages.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON body with a size bound; anything else is a 4xx, never a 500. */
export async function readJson(context: ApiContext): Promise<unknown> {
  const { request, language } = context;
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, message('unsupportedMediaType', language));
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, message('bodyTooLarge', language));
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) throw new HttpError(413, message('bodyTooLarge', language));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, message('invalidJson', language));
  }
}
