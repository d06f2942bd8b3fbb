import { env } from 'cloudflare:workers';
import { findCourses, listCategories, type Category, type CourseCard } from '../../functions/data/lms/courses.ts';
import { findSite } from '../../functions/data/site/sites.ts';
import { CATALOGUE_PAGE_SIZE, catalogueSlug, pageCount, parseCataloguePath } from '../../core/catalogue-path.ts';
import { DEFAULT_LOCALE } from '../../core/locale.ts';

export interface CatalogueStaticPath {
  params: { locale: string; slug: string | undefined };
  /** A listing without a course: there for people, offered to no search engine (left out of the sitemap). */
  props: { empty: boolean };
}

/** Every catalogue page of every supported locale: the root and each category, page by page. */
export async function catalogueStaticPaths(withoutEcm: boolean): Promise<CatalogueStaticPath[]> {
  const site = await findSite(env.DB, env.SITE_ID);
  const locales = site?.supportedLocale ?? [DEFAULT_LOCALE];
  const categories = await listCategories(env.DB, env.SITE_ID, DEFAULT_LOCALE, DEFAULT_LOCALE);
  const counts = await Promise.all(
    [null, ...categories].map(async (category) => ({
      category: category?.slug ?? null,
      total: (await findCourses(env.DB, env.SITE_ID, DEFAULT_LOCALE, DEFAULT_LOCALE, { categoryId: category?.id, withoutEcm, limit: 0 })).total,
    })),
  );
  return locales.flatMap((locale) =>
    counts.flatMap(({ category, total }) =>
      Array.from({ length: pageCount(total) }, (_, index) => ({
        params: { locale, slug: catalogueSlug({ category, page: index + 1 }) },
        props: { empty: total === 0 },
      })),
    ),
  );
}

export interface CatalogueData {
  categories: Category[];
  category: Category | null;
  courses: CourseCard[];
  page: number;
  pages: number;
  total: number;
  query: string;
}

export async function loadCatalogue(options: {
  siteId: string;
  locale: string;
  defaultLocale: string;
  slug: string | undefined;
  withoutEcm: boolean;
  query?: string;
}): Promise<CatalogueData | null> {
  const path = parseCataloguePath(options.slug);
  if (!path) return null;
  const categories = await listCategories(env.DB, options.siteId, options.locale, options.defaultLocale);
  const category = path.category ? (categories.find((candidate) => candidate.slug === path.category) ?? null) : null;
  if (path.category && !category) return null;
  const { courses, total } = await findCourses(env.DB, options.siteId, options.locale, options.defaultLocale, {
    categoryId: category?.id,
    withoutEcm: options.withoutEcm,
    query: options.query,
    limit: CATALOGUE_PAGE_SIZE,
    offset: (path.page - 1) * CATALOGUE_PAGE_SIZE,
  });
  return { categories, category, courses, page: path.page, pages: pageCount(total), total, query: options.query ?? '' };
}

/** The on-demand search page: the text query (at most 100 characters) and page number from the URL. */
export async function loadCatalogueSearch(url: URL, siteId: string, locale: string, defaultLocale: string, withoutEcm: boolean): Promise<CatalogueData> {
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const pageNumber = url.searchParams.get('pagina');
  const options = { siteId, locale, defaultLocale, withoutEcm, query };
  // A malformed page number falls back to the first page rather than failing the search.
  const data =
    (await loadCatalogue({ ...options, slug: pageNumber ? `pagina/${pageNumber}` : undefined })) ?? (await loadCatalogue({ ...options, slug: undefined }));
  if (!data) throw new Error('Catalogue search without data');
  return data;
}
