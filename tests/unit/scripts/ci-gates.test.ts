import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ciScript = readFileSync(new URL('../../../.ci/run', import.meta.url), 'utf8');
const scripts = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The commands .ci/run runs, in order (comments and blank lines left out). */
const ciCommands = ciScript
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

// Types in .astro files were checked by nothing in CI: an unused import or a wrong prop reached main.
describe('CI gates (.ci/run)', () => {
  it('type-checks every file, .astro included, between the lint and the tests', () => {
    const lint = ciCommands.indexOf('npm run lint');
    const check = ciCommands.indexOf('npm run check');
    const test = ciCommands.indexOf('npm test');
    expect(lint).toBeGreaterThan(-1);
    expect(check).toBeGreaterThan(lint);
    expect(test).toBeGreaterThan(check);
  });

  it('fails the run on a warning, not only on an error', () => {
    expect(scripts.check).toMatch(/^astro check\b/);
    expect(scripts.check).toContain('--minimumSeverity warning');
    expect(scripts.check).toContain('--minimumFailingSeverity warning');
  });
});
