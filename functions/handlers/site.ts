import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { findBoilerplate, findLocales, findSite, type BoilerplateEntry, type Locale, type Site } from '../data/site.ts';
import { listTags, type Tag } from '../data/tags.ts';
import { HttpError } from '../http-error.ts';
import { validate } from '../validate.ts';

async function requireSite(context: ApiContext, siteId = context.siteId): Promise<Site> {
  const site = await findSite(context.env.DB, siteId);
  if (!site) throw new HttpError(404, `Site not found: ${siteId}`);
  return site;
}

export async function getSite(context: ApiContext): Promise<Site> {
  const siteId = validate(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), context.params.siteId, context.language, 'siteId');
  return requireSite(context, siteId);
}

const localeList = z
  .string()
  .max(400)
  .transform((text) => text.split(',').map((code) => code.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[a-z]{2}-[A-Z]{2}$/)).max(50));

export async function getLocales(context: ApiContext): Promise<Locale[]> {
  const lc = context.url.searchParams.get('lc');
  const codes = lc === null ? (await requireSite(context)).supportedLocale : validate(localeList, lc, context.language, 'lc');
  return findLocales(context.env.DB, codes);
}

export async function getBoilerplate(context: ApiContext): Promise<BoilerplateEntry[]> {
  await requireSite(context);
  return findBoilerplate(context.env.DB, context.siteId);
}

const tagQuery = z.object({ type: z.enum(['category']) });

export async function getTags(context: ApiContext): Promise<Tag[]> {
  const query = validate(tagQuery, Object.fromEntries(context.url.searchParams), context.language, 'type');
  await requireSite(context);
  return listTags(context.env.DB, context.siteId, context.localeCode, query.type);
}
