import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { z } from 'zod';
import de from 'zod/v4/locales/de.js';
import en from 'zod/v4/locales/en.js';
import it from 'zod/v4/locales/it.js';
import { HIDDEN_CHARACTER } from '../core/plain-text.ts';
import { COMMON_PASSWORD, SAME_PASSWORD } from '../core/password-policy.ts';
import { HttpError } from './http-error.ts';
import { message, type Language } from './messages.ts';
import { authMessage } from './auth/messages.ts';
import { requestLanguage } from './request-language.ts';

const ZOD_LOCALES = { it: it(), en: en(), de: de() } as const;

/** zod's own messages in the caller's language, and ours for the refinements of our contracts. */
function errorMap(language: Language): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.code === 'custom' && issue.params?.reason === HIDDEN_CHARACTER) {
      return message('hiddenCharacter', language, { character: String(issue.params.character) });
    }
    if (issue.code === 'custom' && issue.params?.reason === COMMON_PASSWORD) return authMessage('passwordCommon', language);
    if (issue.code === 'custom' && issue.params?.reason === SAME_PASSWORD) return authMessage('passwordUnchanged', language);
    return ZOD_LOCALES[language].localeError(issue);
  };
}

/** The 400 for input a schema refused: the first wrong field, named, in the caller's language. */
export function invalidInput(schema: z.ZodType, input: unknown, language: Language, what: string): HttpError {
  const result = schema.safeParse(input, { error: errorMap(language) });
  const issue = result.success ? undefined : result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : what;
  return new HttpError(400, message('invalidField', language, { field, detail: issue?.message ?? '' }));
}

/** Parses input with a schema; a failure is a 400 naming the first wrong field, in the caller's language. */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown, language: Language, what = 'body'): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(schema, input, language, what);
}

type Target = keyof Pick<ValidationTargets, 'json' | 'query' | 'param'>;

/**
 * zValidator with our refusal: zod parses once, and only a refused input is parsed again with the
 * caller's locale, for the message (zValidator's own parse has no per-request locale).
 */
export function validated(target: Target, schema: z.ZodType): MiddlewareHandler {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    throw invalidInput(schema, result.data, requestLanguage(c), target === 'json' ? 'body' : target);
  }) as MiddlewareHandler;
}
