import { z } from 'zod';
import { LOCALE_PATTERN } from '../locale.ts';
import { HIDDEN_CHARACTER, hiddenCharacter, type PlainTextOptions } from '../plain-text.ts';

/** A locale code, as in paths and the tiles-locale-code header: it-IT. */
export const localeCode = z.string().regex(LOCALE_PATTERN);

export const SITE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const siteId = z.string().regex(SITE_ID_PATTERN);

/** A positive integer id in a path (version, build request). */
export const numericId = z.coerce.number().int().positive();

/** Every refused call (the error object, without the stack). */
export const apiError = z.object({
  statusCode: z.number().int(),
  statusMessage: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiError>;

/** Every successful call wraps its answer in `{ outcome }`. */
export const outcomeOf = <Schema extends z.ZodType>(schema: Schema) => z.object({ outcome: schema });

/** A written row's id, as `POST /api/event` answers it. */
export const createdRecord = z.object({ _id: z.number().int() });

/**
 * A person's text holds no control or invisible format character (core/plain-text.ts), e.g.
 * `z.string().trim().max(80).superRefine(plainText())`. The issue carries no message of its own:
 * the caller's error map words it in the caller's language, from `params.reason` and
 * `params.character` (U+202E).
 */
export const plainText =
  (options?: PlainTextOptions) =>
  (value: string, context: z.RefinementCtx<string>): void => {
    const character = hiddenCharacter(value, options);
    if (character) context.addIssue({ code: 'custom', input: value, params: { reason: HIDDEN_CHARACTER, character } });
  };
