import { describe, expect, it } from 'vitest';
import { findNewBuild } from '../../../../src/lib/build-check.ts';
import { claimReload, isChunkLoadError } from '../../../../src/lib/reload-guard.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('chunk reload guard', () => {
  it('reloads once per 10 seconds per path', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, '/it-IT/profile', 1_000)).toBe(true);
    expect(claimReload(storage, '/it-IT/profile', 5_000)).toBe(false);
    expect(claimReload(storage, '/it-IT/privacy', 5_000)).toBe(true);
    expect(claimReload(storage, '/it-IT/profile', 11_000)).toBe(true);
  });

  it('recognises chunk load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('build check', () => {
  const answer =
    (body: unknown, status = 200) =>
    async () =>
      new Response(JSON.stringify(body), { status });

  it('reports a different build id', async () => {
    expect(await findNewBuild('a', answer({ id: 'b', builtAt: '' }))).toBe('b');
    expect(await findNewBuild('a', answer({ id: 'a', builtAt: '' }))).toBeNull();
  });

  it('stays quiet when the check fails', async () => {
    expect(await findNewBuild('a', answer({}, 404))).toBeNull();
    expect(await findNewBuild('a', async () => Promise.reject(new TypeError('offline')))).toBeNull();
    expect(await findNewBuild('a', async () => new Response('<html>'))).toBeNull();
  });
});
