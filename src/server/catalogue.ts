import { env } from 'cloudflare:workers';
import { listCategories, listCourses, type Category, type CourseCard } from '../../functions/data/courses.ts';
import { findSite } from '../../functions/data/site.ts';
import { DEFAULT_LOCALE } from '../lib/locale.ts';

export interface CataloguePaths {
  params: { locale: string; slug: string | undefined };
}

/** The catalogue root and one page per category, in every supported locale. */
export async function catalogueStaticPaths(): Promise<CataloguePaths[]> {
  const site = await findSite(env.DB, env.SITE_ID);
  const locales = site?.supportedLocale ?? [DEFAULT_LOCALE];
  const categories = await listCategories(env.DB, env.SITE_ID, DEFAULT_LOCALE, DEFAULT_LOCALE);
  return locales.flatMap((locale) => [
    { params: { locale, slug: undefined } },
    ...categories.map((category) => ({ params: { locale, slug: category.slug } })),
  ]);
}

export interface CatalogueData {
  categories: Category[];
  category: Category | null;
  courses: CourseCard[];
}

export async function loadCatalogue(options: { siteId: string; locale: string; defaultLocale: string; slug: string | undefined; withoutEcm: boolean }): Promise<CatalogueData> {
  const [categories, all] = await Promise.all([
    listCategories(env.DB, options.siteId, options.locale, options.defaultLocale),
    listCourses(env.DB, options.siteId, options.locale, options.defaultLocale),
  ]);
  const category = categories.find((candidate) => candidate.slug === options.slug) ?? null;
  const courses = all.filter(
    (course) => (!category || course.categoryId === category.id) && (!options.withoutEcm || course.ecmCredits === null),
  );
  return { categories, category, courses };
}
