import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { ArrayBufferReader } from 'unzipit';
import { describe, expect, it } from 'vitest';
import { inspectPackage } from '../../../functions/scorm/accept-package.ts';
import { DEMO_PACKAGES, demoZip } from '../../../seed/scorm/demo-packages.ts';

describe('the demo SCORM packages', () => {
  it('are committed as the zips of their source, and pass the checks of an upload', async () => {
    for (const demo of DEMO_PACKAGES) {
      const committed = new Uint8Array(readFileSync(new URL(`../../../seed/media/${demo.name}`, import.meta.url)));
      expect(committed, `${demo.name}: run node scripts/demo-scorm.mjs`).toEqual(demoZip(demo, { strToU8, zipSync }));
      expect(Object.keys(unzipSync(committed)).sort()).toEqual(Object.keys(demo.files).sort());
      const inspected = await inspectPackage(new ArrayBufferReader(committed));
      expect(inspected).toMatchObject({ ok: true, manifest: { version: demo.version === '1.2' ? '1.2' : '2004-4' } });
    }
  });
});
