import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { findBoilerplate, findLocales, findSite, type BoilerplateEntry, type Locale, type Site } from '../data/site.ts';
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

export async function getTags(context: ApiContext): Promise<{ _id: string; name: string }[]> {
  const query = validate(tagQuery, Object.fromEntries(context.url.searchParams), context.language, 'type');
  await requireSite(context);
  const { results } = await context.env.DB.prepare(
    `SELECT c.id AS _id, COALESCE(t.name, d.name, c.id) AS name
     FROM category c
     LEFT JOIN category_text t ON t.category_id = c.id AND t.locale = ?
     LEFT JOIN category_text d ON d.category_id = c.id AND d.locale = (SELECT default_locale FROM site WHERE id = c.site_id)
     WHERE c.site_id = ? AND c.type = ? ORDER BY c.position`,
  )
    .bind(context.localeCode, context.siteId, query.type)
    .all<{ _id: string; name: string }>();
  return results;
}
