import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/lib/api-client.ts';
import { loadSite } from '../../../../src/lib/site-loader.ts';

describe('site load sequence', () => {
  it('loads the site, then locales and boilerplate, then badges, levels and categories', async () => {
    const started: string[] = [];
    const pending = new Map<string, () => void>();
    const fetch = async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0] ?? '';
      started.push(path);
      await new Promise<void>((resolve) => pending.set(path, resolve));
      const outcome = path.startsWith('/api/site/')
        ? { _id: 's', niceName: 'S', logo: 'l.svg', defaultLocale: 'it-IT', supportedLocale: ['it-IT', 'en-US'] }
        : path.endsWith('/progress')
          ? { badges: {}, levels: {} }
          : [];
      return new Response(JSON.stringify({ outcome }), { status: 200 });
    };
    const client = createApiClient({ siteId: () => 's', localeCode: () => 'it-IT', fetch });
    const loading = loadSite(client, 's', { signedIn: true });
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const waiting = [...pending.entries()];
      pending.clear();
      for (const [, resolve] of waiting) resolve();
      return waiting.map(([path]) => path).sort();
    };
    expect(await settle()).toEqual(['/api/site/sites/s']);
    expect(await settle()).toEqual(['/api/i18n/boilerplate/', '/api/i18n/locales']);
    expect(await settle()).toEqual(['/api/content/tag', '/api/lms/game/badge', '/api/lms/game/level', '/api/lms/game/progress']);
    await expect(loading).resolves.toMatchObject({ site: { _id: 's' } });
    expect(started).toHaveLength(7);
  });

  it("fails with 'Site not found' followed by the response and the path", async () => {
    const fetch = async () => new Response(JSON.stringify({ statusCode: 404, statusMessage: 'Not Found', message: 'Site not found: x' }), { status: 404 });
    const client = createApiClient({ siteId: () => 'x', localeCode: () => 'it-IT', fetch });
    await expect(loadSite(client, 'x', { signedIn: false })).rejects.toThrow(/^Site not found .*Site not found: x.* \/api\/site\/sites\/x$/);
  });
});
