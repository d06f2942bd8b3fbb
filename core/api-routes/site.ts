import { z } from 'zod';
import { boilerplateEntry, categoryTag, locale, localesQuery, site, siteParams, tagQuery } from '../contracts/site.ts';
import type { RouteContract } from './contract.ts';

/** The site, its locales, interface strings and tags: functions/site/. */
export const SITE_ROUTES = {
  getSite: { method: 'GET', path: '/site/sites/:siteId', request: { param: siteParams }, response: site },
  getLocales: { method: 'GET', path: '/i18n/locales', request: { query: localesQuery }, response: z.array(locale) },
  // The product's client asks with a trailing slash; both spellings answer.
  getBoilerplate: { method: 'GET', path: '/i18n/boilerplate', response: z.array(boilerplateEntry) },
  getBoilerplateSlash: { method: 'GET', path: '/i18n/boilerplate/', response: z.array(boilerplateEntry) },
  getTags: { method: 'GET', path: '/content/tag', request: { query: tagQuery }, response: z.array(categoryTag) },
} as const satisfies Record<string, RouteContract>;
