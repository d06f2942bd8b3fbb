import { describe, expect, it } from 'vitest';
import { catalogueSlug, pageCount, parseCataloguePath } from '../../../core/catalogue-path.ts';

describe('catalogue paths', () => {
  it('read the root, a category, and numbered pages', () => {
    expect(parseCataloguePath(undefined)).toEqual({ category: null, page: 1 });
    expect(parseCataloguePath('rischio-clinico')).toEqual({ category: 'rischio-clinico', page: 1 });
    expect(parseCataloguePath('pagina/3')).toEqual({ category: null, page: 3 });
    expect(parseCataloguePath('rischio-clinico/pagina/2')).toEqual({ category: 'rischio-clinico', page: 2 });
  });

  it('refuse page 1 spelled out, zero, junk and extra segments', () => {
    for (const slug of ['pagina/1', 'pagina/0', 'pagina/x', 'a/b', 'a/pagina/2/3', 'pagina', 'Rischio']) expect(parseCataloguePath(slug)).toBeNull();
  });

  it('write the slug back', () => {
    expect(catalogueSlug({ category: null, page: 1 })).toBeUndefined();
    expect(catalogueSlug({ category: 'x', page: 2 })).toBe('x/pagina/2');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(48)).toBe(2);
    expect(pageCount(49)).toBe(3);
  });
});
