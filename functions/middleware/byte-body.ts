import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { fileTooLarge } from '../file-limit.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { requestLanguage } from '../request-language.ts';
import { invalidInput } from '../validate.ts';

/**
 * A body of bytes must state its length (411 otherwise: R2 takes only a stream of known length,
 * and a part's size is checked before a byte is stored), within the contract's bounds (413 over
 * its maximum, naming it: functions/file-limit.ts; 400 otherwise). The
 * stream itself is not read here: the handler hands it on.
 */
export const byteBody = (schema: z.ZodType) =>
  createMiddleware(async (c, next) => {
    const language = requestLanguage(c);
    const declared = c.req.header('content-length')?.trim();
    if (!declared || !/^\d{1,16}$/.test(declared)) throw new HttpError(411, message('lengthRequired', language));
    const body = { length: Number(declared), stream: c.req.raw.body ?? new ReadableStream() };
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      // Over the contract's length: the file is too large, said with the limit (413), not as a field's detail.
      const tooBig = parsed.error.issues.find((issue) => issue.code === 'too_big' && issue.path[0] === 'length');
      if (tooBig?.code === 'too_big') throw fileTooLarge(Number(tooBig.maximum), language);
      throw invalidInput(schema, body, language, 'body');
    }
    // The app's `bytes` variable (functions/app.ts), which the handler receives as its input's `bytes`.
    c.set('bytes' as never, parsed.data as never);
    await next();
  });

/** What a refused body may still send is read and dropped, within bounds: workerd resets a connection whose body is left unread, and the client would lose the refusal with it. */
export const MAX_DRAINED_BYTES = 16 * 1024 * 1024;
export const MAX_DRAIN_MS = 10_000;

/**
 * Around a call that takes bytes: once it is refused, the rest of its body is read and dropped
 * (at most `MAX_DRAINED_BYTES` and `MAX_DRAIN_MS`), so a browser still sending a part gets the
 * refusal's message rather than a broken connection.
 */
export const drainRefusedBody = createMiddleware(async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (c.res.status < 400 || !body || body.locked) return;
  await drain(body);
});

/** Reads and drops a stream, within the bounds; never throws. */
export async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  const deadline = Date.now() + MAX_DRAIN_MS;
  let read = 0;
  try {
    while (read <= MAX_DRAINED_BYTES && Date.now() < deadline) {
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())));
      const chunk = await Promise.race([reader.read(), timeout]);
      if (!chunk || chunk.done) break;
      read += chunk.value.byteLength;
    }
  } catch {
    // A dropped client: nothing left to drain.
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
