import { env } from 'cloudflare:workers';
import { listPages } from '../../functions/data/site/pages.ts';
import { listCourses } from '../../functions/data/lms/courses.ts';
import { findSite } from '../../functions/data/site/sites.ts';
import { DEFAULT_LOCALE } from '../../core/locale.ts';
import { isReservedPageKey } from '../../core/cms-document.ts';
import { pageAddress } from '../../core/page-path.ts';
import { catalogueStaticPaths } from './catalogue.ts';

/** Every public page, pre-rendered or a course's summary, as paths without the locale, with the locales it exists in. */
export async function publicPaths(): Promise<{ path: string; locales: string[] }[]> {
  const site = await findSite(env.DB, env.SITE_ID);
  const byPath = new Map<string, string[]>();
  const add = (path: string, locale: string) => byPath.set(path, [...(byPath.get(path) ?? []), locale]);
  for (const kind of ['content', 'pf', 'repository'] as const) {
    for (const page of await listPages(env.DB, env.SITE_ID, kind)) {
      if (isReservedPageKey(kind, page.slug)) continue;
      add(pageAddress(kind, page.slug), page.locale);
    }
  }
  for (const [variant, withoutEcm] of [
    ['catalogo-corsi', false],
    ['catalogo-corsi-no-ecm', true],
  ] as const) {
    for (const { params, props } of await catalogueStaticPaths(withoutEcm))
      if (!props.empty) add(`/${variant}${params.slug ? `/${params.slug}` : ''}`, params.locale);
  }
  const order = site?.supportedLocale ?? [DEFAULT_LOCALE];
  // A course's public summary (on demand) exists in every locale: untranslated texts show the default locale's.
  for (const course of await listCourses(env.DB, env.SITE_ID, DEFAULT_LOCALE, DEFAULT_LOCALE)) for (const locale of order) add(`/course/${course.id}`, locale);
  return [...byPath].map(([path, locales]) => ({ path, locales: order.filter((locale) => locales.includes(locale)) }));
}
