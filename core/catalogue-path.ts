/** Courses on one catalogue page. */
export const CATALOGUE_PAGE_SIZE = 24;
const PAGE_SEGMENT = 'pagina';

export interface CataloguePath {
  category: string | null;
  page: number;
}

/** Reads a catalogue slug: '', '{category}', 'pagina/{n}' or '{category}/pagina/{n}' (n >= 2). */
export function parseCataloguePath(slug: string | undefined): CataloguePath | null {
  const segments = (slug ?? '').split('/').filter(Boolean);
  let page = 1;
  if (segments.length >= 2 && segments[segments.length - 2] === PAGE_SEGMENT) {
    const number = segments.pop() ?? '';
    segments.pop();
    if (!/^[1-9][0-9]{0,4}$/.test(number) || number === '1') return null;
    page = Number(number);
  }
  if (segments.length > 1) return null;
  const category = segments[0] ?? null;
  if (category !== null && (category === PAGE_SEGMENT || !/^[a-z0-9-]{1,100}$/.test(category))) return null;
  return { category, page };
}

export function catalogueSlug(path: CataloguePath): string | undefined {
  const parts = [...(path.category ? [path.category] : []), ...(path.page > 1 ? [PAGE_SEGMENT, String(path.page)] : [])];
  return parts.length ? parts.join('/') : undefined;
}

export function pageCount(total: number, size = CATALOGUE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
