import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_PATHS } from '../../../core/reserved-paths.ts';
import { isReservedPageKey } from '../../../core/cms-document.ts';
import { reservedNames } from '../../../integrations/reserved-paths.mjs';
import { applyRouteRules, ROUTE_RULES } from '../../../src/server/route-rules.ts';

/** First path segments of src/pages, read from the file system, independently of the generator. */
function pageSegments(): string[] {
  const files = readdirSync('src/pages', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const segments = files.map((entry) => {
    const parts = `${entry.parentPath}/${entry.name}`
      .replace(/^src\/pages\/?/, '')
      .replace(/\.(astro|ts|js|md|mdx|html)$/, '')
      .split('/');
    // The locale is a parameter: the address a page takes is the segment after it.
    const name = parts[0] === '[locale]' ? parts[1] : parts[0];
    return !name || name === 'index' || name.startsWith('[') ? null : name;
  });
  return [...new Set(segments.filter((name): name is string => name !== null))];
}

describe('reserved paths (core/reserved-paths.ts, written by the build from its routes)', () => {
  it('includes every first segment of src/pages: a new route is reserved without anyone listing it', () => {
    const segments = pageSegments();
    expect(segments).toEqual(expect.arrayContaining(['logout', 'profile', 'course', 'test', 'tiles-access', 'federated']));
    for (const segment of segments) expect(RESERVED_PATHS, `${segment}: run \`npx astro sync\``).toContain(segment);
  });

  it("includes every top-level name of public/, the build's own paths and those the Worker answers before Astro", () => {
    for (const name of readdirSync('public')) expect(RESERVED_PATHS).toContain(name);
    for (const name of ['_astro', 'builds', 'logo', 'sitemap.xml', 'robots.txt', '_headers']) expect(RESERVED_PATHS).toContain(name);
    // src/worker.ts: the API, the course media and the health check have no file under src/pages.
    for (const name of ['api', 'media', 'healthz']) expect(reservedNames({ routes: [], publicNames: [], assetsDir: '_astro' })).toContain(name);
    for (const name of ['api', 'media', 'healthz']) expect(RESERVED_PATHS, `${name}: run \`npx astro sync\``).toContain(name);
  });

  it('includes every address the route rules redirect: a content page there would never show', () => {
    // The generator's own answer, from an empty route table: the rules alone reserve their addresses.
    const fromRules = reservedNames({ routes: [], publicNames: [], assetsDir: '_astro' });
    for (const { from } of ROUTE_RULES) {
      expect(applyRouteRules(`/it-IT/${from}`, ''), from).not.toBeNull();
      expect(fromRules, from).toContain(from);
      expect(RESERVED_PATHS, `${from}: run \`npx astro sync\``).toContain(from);
    }
    expect(isReservedPageKey('content', 'catalogo')).toBe(true);
    expect(isReservedPageKey('content', 'catalogo-no-ecm')).toBe(true);
    expect(isReservedPageKey('content', 'about')).toBe(true);
    expect(isReservedPageKey('content', 'login')).toBe(true);
  });

  it('refuses those names as content page keys, but not the fixed pages their own route shows, nor other kinds', () => {
    expect(isReservedPageKey('content', 'logout')).toBe(true);
    expect(isReservedPageKey('content', 'tiles-access')).toBe(true);
    expect(isReservedPageKey('content', 'privacy')).toBe(false);
    expect(isReservedPageKey('content', 'home')).toBe(false);
    expect(isReservedPageKey('content', 'corso-di-primo-soccorso')).toBe(false);
    expect(isReservedPageKey('pf', 'logout')).toBe(false);
  });
});
