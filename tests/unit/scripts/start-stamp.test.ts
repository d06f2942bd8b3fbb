import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetBuild, forgetPreparation, isBuilt, markBuilt, markPrepared, preparedState, sourceStamp } from '../../../scripts/start-stamp.mjs';

/** A checkout with one source file, a state folder and a build folder with a Worker config. */
function fixture() {
  const root = mkdtempSync(join(tmpdir(), 'tiles-stamp-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'page.astro'), '<h1>Ciao</h1>');
  const state = join(root, 'state');
  const out = join(root, 'dist');
  mkdirSync(state);
  mkdirSync(join(out, 'server'), { recursive: true });
  writeFileSync(join(out, 'server', 'wrangler.json'), '{}');
  return { root, state, out };
}

// A second `npm start` with nothing changed skips the seed and the build (issue 35: answer in 5 s);
// anything that changes what they produce makes it do them again.
describe('what a second npm start may skip (scripts/start-stamp.mjs)', () => {
  it('skips both when the sources, the database preparation and the build are the same', () => {
    const { root, state, out } = fixture();
    const source = sourceStamp(root);
    expect(preparedState(state, source)).toBeNull();
    const prepared = markPrepared(state, source);
    expect(isBuilt(out, source, prepared)).toBe(false);
    markBuilt(out, source, prepared);
    expect(sourceStamp(root)).toBe(source);
    expect(preparedState(state, source)).toEqual(prepared);
    expect(isBuilt(out, source, preparedState(state, source))).toBe(true);
  });

  it('does both again after a source file changed', () => {
    const { root, state, out } = fixture();
    const source = sourceStamp(root);
    markBuilt(out, source, markPrepared(state, source));
    writeFileSync(join(root, 'src', 'page.astro'), '<h1>Buongiorno</h1>');
    const changed = sourceStamp(root);
    expect(changed).not.toBe(source);
    expect(preparedState(state, changed)).toBeNull();
  });

  it('builds again after a publish went live, and prepares and builds again after a restore', () => {
    const { root, state, out } = fixture();
    const source = sourceStamp(root);
    const prepared = markPrepared(state, source);
    markBuilt(out, source, prepared);
    forgetBuild(out);
    expect(isBuilt(out, source, prepared)).toBe(false);

    markBuilt(out, source, prepared);
    forgetPreparation(state);
    expect(preparedState(state, source)).toBeNull();
    expect(isBuilt(out, source, markPrepared(state, source))).toBe(false);
  });
});
