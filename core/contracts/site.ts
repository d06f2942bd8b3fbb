import { z } from 'zod';
import { localeCode, siteId } from './common.ts';

/** A site, under the platform API's `_id` (docs/PRODUCT.md). */
export const site = z.object({
  _id: z.string(),
  niceName: z.string(),
  logo: z.string(),
  defaultLocale: z.string(),
  supportedLocale: z.array(z.string()),
});
export type Site = z.infer<typeof site>;

export const siteParams = z.object({ siteId });

export const locale = z.object({
  code: z.string(),
  name: z.string(),
  country: z.object({ code: z.string() }),
});
export type Locale = z.infer<typeof locale>;

/** `GET /api/i18n/locales?lc=it-IT,en-US`: the supported locales joined by commas; without lc, the site's. */
export const localesQuery = z.object({
  lc: z
    .string()
    .max(400)
    .transform((text) =>
      text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(z.array(localeCode).max(50))
    .optional(),
});

export const boilerplateEntry = z.object({
  key: z.string(),
  translations: z.record(z.string(), z.string()),
});
export type BoilerplateEntry = z.infer<typeof boilerplateEntry>;

/** `GET /api/content/tag?type=category` (category tags). */
export const tagQuery = z.object({ type: z.enum(['category']) });
export const categoryTag = z.object({ _id: z.string(), name: z.string() });
export type CategoryTag = z.infer<typeof categoryTag>;
