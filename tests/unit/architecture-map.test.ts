import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md is the one-page map: it names every folder of the layers and every
// migration, and its links lead to the READMEs beside the code. A folder or migration added
// without the map, or one the map names that is gone, fails here.

const MAP = 'docs/ARCHITECTURE.md';
const map = readFileSync(MAP, 'utf8');
const LAYERS = ['functions', 'core', 'src'];

const foldersOf = (layer: string) =>
  readdirSync(layer, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('docs/ARCHITECTURE.md, the map', () => {
  it.each(LAYERS)('names every folder directly under %s/', (layer) => {
    const folders = foldersOf(layer);
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(map, `${layer}/${folder}/ is not on the map`).toContain(`\`${layer}/${folder}/\``);
  });

  it('names every migration', () => {
    const migrations = readdirSync('migrations').filter((name) => name.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations) expect(map, `${migration} is not on the map`).toContain(`\`${migration}\``);
  });

  it('names no folder of the layers and no migration that is not on disk', () => {
    for (const [, layer, folder] of map.matchAll(/\b(functions|core|src)\/([\w.-]+)\//g)) {
      expect(existsSync(join(layer as string, folder as string)), `${layer}/${folder}/ is on the map, not on disk`).toBe(true);
    }
    for (const [migration] of map.matchAll(/\b\d{4}_[\w-]+\.sql\b/g)) {
      expect(existsSync(join('migrations', migration)), `${migration} is on the map, not on disk`).toBe(true);
    }
  });

  it('links only to files that exist', () => {
    const links = [...map.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] as string).filter((target) => !/^[a-z]+:/.test(target));
    expect(links.length).toBeGreaterThan(0);
    for (const target of links) expect(existsSync(join(dirname(MAP), target)), `${target} is linked from the map, not on disk`).toBe(true);
  });

  it('links the README of every feature folder of functions/', () => {
    for (const folder of foldersOf('functions')) {
      expect(existsSync(join('functions', folder, 'README.md')), `functions/${folder}/README.md`).toBe(true);
      expect(map, `the map links functions/${folder}/README.md`).toContain(`(../functions/${folder}/README.md)`);
    }
  });
});
