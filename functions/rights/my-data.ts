import type { MyData } from '../../core/contracts/data-rights.ts';
import { readMyData } from '../data/rights/my-data.ts';
import { findSite } from '../data/site/sites.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import { message, type Language } from '../messages.ts';

/**
 * "Download my data", for the JSON file (`GET /api/auth/user/data`) and the profile's printable
 * page alike: course, profession and discipline names in the reader's locale (the site's default
 * one where missing).
 */
export async function myDataOf(env: Env, user: { id: string; siteId: string }, locale: string, language: Language, now: number): Promise<MyData> {
  const site = await findSite(env.DB, user.siteId);
  const data = await readMyData(env.DB, user.siteId, user.id, locale, site?.defaultLocale ?? locale, now);
  if (!data) throw new HttpError(401, message('unauthorized', language));
  return data;
}
