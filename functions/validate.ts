import { z } from 'zod';
import de from 'zod/v4/locales/de.js';
import en from 'zod/v4/locales/en.js';
import it from 'zod/v4/locales/it.js';
import { HttpError } from './http-error.ts';
import { message, type Language } from './messages.ts';

const ZOD_LOCALES = { it: it(), en: en(), de: de() } as const;

/** Parses input with a schema; a failure is a 400 naming the first wrong field, in the caller's language. */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown, language: Language, what = 'body'): z.output<Schema> {
  const result = schema.safeParse(input, { error: ZOD_LOCALES[language].localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : what;
  throw new HttpError(400, message('invalidField', language, { field, detail: issue?.message ?? '' }));
}
