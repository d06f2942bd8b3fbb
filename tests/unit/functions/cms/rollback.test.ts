import { describe, expect, it } from 'vitest';
import { canonical, planRollback } from '../../../../functions/cms/rollback.ts';
import type { PublishedVersion } from '../../../../functions/data/cms/documents.ts';

const version = (key: string, status: PublishedVersion['status'], fields: object, superseded = false): PublishedVersion => ({
  locale: 'it-IT',
  kind: 'content',
  key,
  status,
  fields: JSON.stringify(fields),
  authorId: 'u-editor',
  superseded,
});

describe('planRollback', () => {
  it('puts back what a failed publish replaced, removes what it added, and keeps both texts as drafts', () => {
    const versions = [
      version('chi-siamo', 'live-before', { title: 'Prima' }),
      version('chi-siamo', 'published', { title: 'Dopo' }),
      version('nuova', 'published', { title: 'Nuova' }),
    ];
    const steps = planRollback('s', versions, [JSON.stringify({ title: 'Dopo' }), JSON.stringify({ title: 'Nuova' })]);
    expect(steps).toEqual([
      {
        ref: { siteId: 's', locale: 'it-IT', kind: 'content', key: 'chi-siamo' },
        restore: JSON.stringify({ title: 'Prima' }),
        draft: { fields: JSON.stringify({ title: 'Dopo' }), authorId: 'u-editor' },
      },
      {
        ref: { siteId: 's', locale: 'it-IT', kind: 'content', key: 'nuova' },
        restore: null,
        draft: { fields: JSON.stringify({ title: 'Nuova' }), authorId: 'u-editor' },
      },
    ]);
  });

  it('leaves a text a later publish put live, or one changed since, to that change', () => {
    const versions = [version('a', 'published', { title: 'A' }, true), version('b', 'published', { title: 'B' })];
    expect(planRollback('s', versions, [JSON.stringify({ title: 'B, cambiato' })])).toEqual([]);
  });

  it('compares texts whatever the order of their keys', () => {
    expect(canonical({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonical({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});
