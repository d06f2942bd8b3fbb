import { describe, expect, it } from 'vitest';
import { snapshotStatements } from '../../../../../functions/data/cms/snapshot.ts';

describe('snapshotStatements', () => {
  it('writes each row as an INSERT, parents first, quotes escaped, nulls and numbers as SQL', () => {
    const statements = snapshotStatements({
      tables: {
        page: [{ site_id: 's', slug: 'chi-siamo', title: "L'ospedale; DROP TABLE page; --", tiles: null, updated_at: 17 }],
        site: [{ id: 's', nice_name: 'Tiles' }],
      },
    });
    expect(statements).toEqual([
      "INSERT INTO site (id, nice_name) VALUES ('s', 'Tiles');",
      "INSERT INTO page (site_id, slug, title, tiles, updated_at) VALUES ('s', 'chi-siamo', 'L''ospedale; DROP TABLE page; --', NULL, 17);",
    ]);
  });

  it('refuses tables outside the published content and column names that are not plain identifiers', () => {
    expect(() => snapshotStatements({ tables: { user: [{ id: 'u' }] } })).toThrow(/unknown tables: user/);
    expect(() => snapshotStatements({ tables: { page: [{ 'slug) VALUES (1); --': 'x' }] } })).toThrow(/column name refused/);
    expect(() => snapshotStatements({ tables: { page: [{ slug: { nested: true } as never }] } })).toThrow(/unexpected type/);
  });
});
