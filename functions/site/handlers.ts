import type { z } from 'zod';
import type { localesQuery, siteParams, tagQuery } from '../../core/contracts/site.ts';
import type { ApiContext } from '../api-context.ts';
import { findBoilerplate, findLocales, findSite, type BoilerplateEntry, type Locale, type Site } from '../data/site/sites.ts';
import { listTags, type Tag } from '../data/site/tags.ts';
import { HttpError } from '../http-error.ts';

async function requireSite(context: ApiContext, siteId = context.siteId): Promise<Site> {
  const site = await findSite(context.env.DB, siteId);
  if (!site) throw new HttpError(404, `Site not found: ${siteId}`);
  return site;
}

export async function getSite(context: ApiContext, { param: { siteId } }: { param: z.output<typeof siteParams> }): Promise<Site> {
  return requireSite(context, siteId);
}

export async function getLocales(context: ApiContext, { query: { lc } }: { query: z.output<typeof localesQuery> }): Promise<Locale[]> {
  const codes = lc ?? (await requireSite(context)).supportedLocale;
  return findLocales(context.env.DB, codes);
}

export async function getBoilerplate(context: ApiContext): Promise<BoilerplateEntry[]> {
  await requireSite(context);
  return findBoilerplate(context.env.DB, context.siteId);
}

export async function getTags(context: ApiContext, { query }: { query: z.output<typeof tagQuery> }): Promise<Tag[]> {
  await requireSite(context);
  return listTags(context.env.DB, context.siteId, context.localeCode, query.type);
}
