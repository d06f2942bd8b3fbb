import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, EDITOR, outcome, seedFixtures, signIn } from '../fixtures.ts';

// A draft saved while a publish runs is either published by it or still a draft afterwards:
// never deleted unpublished (the publish used to read the drafts, then delete every draft).
beforeAll(seedFixtures);

const page = (title: string) => ({ title, description: '', body: [{ type: 'p', text: `${title}: testo.` }] });
const liveTitle = async (slug: string) =>
  (
    await env.DB.prepare("SELECT title FROM page WHERE site_id = 'tiles-demo' AND locale = 'it-IT' AND kind = 'content' AND slug = ?")
      .bind(slug)
      .first<{ title: string }>()
  )?.title ?? null;
const draftTitle = async (slug: string) => {
  const row = await env.DB.prepare("SELECT fields FROM cms_draft WHERE site_id = 'tiles-demo' AND locale = 'it-IT' AND kind = 'content' AND key = ?")
    .bind(slug)
    .first<{ fields: string }>();
  return row ? (JSON.parse(row.fields) as { title: string }).title : null;
};

describe('publishing while editors save', () => {
  it('loses no draft saved in parallel with a publish: each is published or still a draft', async () => {
    const editor = await signIn(EDITOR);
    const lost: string[] = [];
    let published = 0;
    for (let round = 0; round < 6; round += 1) {
      // A draft waiting to be published, so that the publish has work between its read and its write.
      const waiting = `gara-${round}-attesa`;
      expect((await call(`/api/cms/documents/content/it-IT/${waiting}`, { method: 'PUT', body: page(waiting), cookie: editor })).status).toBe(200);
      const slugs = Array.from({ length: 10 }, (_, i) => `gara-${round}-${i}`);
      const [publish, ...saves] = await Promise.all([
        call('/api/cms/publish', { method: 'POST', cookie: editor }),
        ...slugs.map(async (slug, i) => {
          // Spread over the publish's life (each waits for i round trips to D1): some land before its
          // read, some between its read and its write, some after.
          for (let step = 0; step < i; step += 1) await env.DB.prepare('SELECT 1').first();
          return call(`/api/cms/documents/content/it-IT/${slug}`, { method: 'PUT', body: page(slug), cookie: editor });
        }),
      ]);
      expect(publish.status).toBe(200);
      published += (await outcome<{ documents: number }>(publish)).documents;
      expect(saves.map((save) => save.status)).toEqual(slugs.map(() => 200));
      expect(await liveTitle(waiting)).toBe(waiting);
      for (const slug of slugs) {
        const live = await liveTitle(slug);
        const draft = await draftTitle(slug);
        // Exactly one of the two: published (and its draft gone), or a draft still waiting.
        if (!((live === slug && draft === null) || (live === null && draft === slug))) lost.push(`${slug}: live ${live}, draft ${draft}`);
      }
    }
    expect(lost).toEqual([]);
    expect(published).toBeGreaterThanOrEqual(6);
  });
});
