import type { Context } from 'hono';
import type { ApiContext } from './api-context.ts';
import { languageOf, type Language } from './messages.ts';

/** The caller's language: the API context's once it exists, else straight from tiles-locale-code. */
export function requestLanguage(c: Context): Language {
  const api = (c.var as { api?: ApiContext }).api;
  return api?.language ?? languageOf(c.req.header('tiles-locale-code'));
}
