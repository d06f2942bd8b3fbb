import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatElapsed } from '../../../scripts/elapsed.mjs';
import { installCommand, missingTools } from '../../../scripts/system-tools.mjs';

// A stand-in npx on PATH: each suite takes a second; the browser suite ends with the status asked for.
const bin = mkdtempSync(path.join(tmpdir(), 'tiles-npx-'));
writeFileSync(path.join(bin, 'npx'), '#!/bin/sh\nsleep 1\n[ "$1" = playwright ] && exit "${NPX_STATUS:-0}"\nexit 0\n');
chmodSync(path.join(bin, 'npx'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function npmTest(status: number) {
  // All the suites, whatever the run that runs this test was asked for.
  const { TILES_TEST_SUITES: _chosen, ...inherited } = process.env;
  return spawnSync(process.execPath, ['scripts/test.mjs'], {
    encoding: 'utf8',
    env: { ...inherited, PATH: `${bin}${path.delimiter}${process.env.PATH}`, NPX_STATUS: String(status) },
  });
}

describe('npm test', () => {
  it('runs the suites side by side and ends with each suite’s and the whole run’s wall time', () => {
    const result = npmTest(0);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^npm test: \d+ s$/);
    for (const suite of ['unit+api', 'deploy', 'e2e'])
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^npm test: ${suite.replace('+', '\\+')} passed in \\d+ s$`)));
    // Three suites of a second each, side by side: well under three seconds, not one after another.
    expect(Number(lines.at(-1)?.match(/(\d+) s$/)?.[1])).toBeLessThan(3);
  });

  it('still says how long it ran when a suite fails, and fails', () => {
    const result = npmTest(1);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^npm test: e2e FAILED \(exit 1\) in \d+ s$/m);
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^npm test: \d+ s$/);
  });
});

describe('the system tools npm test needs', () => {
  const nowhere = [{ name: 'Nothing', command: 'no-such-tool-here', apt: 'nothing-pkg' }];

  it('finds a command on PATH or by its path', () => {
    expect(missingTools([{ name: 'sh', command: 'sh', apt: 'dash' }], '/nowhere:/bin')).toEqual([]);
    expect(missingTools([{ name: 'sh', command: '/bin/sh', apt: 'dash' }], '')).toEqual([]);
    expect(missingTools(nowhere, '/bin')).toEqual(nowhere);
  });

  it('stops at once where it may not install, naming the one command to run', () => {
    const started = Date.now();
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { ensureSystemTools } from './scripts/system-tools.mjs'; ensureSystemTools({ tools: ${JSON.stringify(nowhere)}, isRoot: false, hasApt: true });`,
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm test needs Nothing');
    expect(result.stderr).toContain('sudo apt-get update && sudo apt-get install -y nothing-pkg');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('asks for no sudo when run as root', () => {
    expect(installCommand(nowhere, true)).toBe('apt-get update && apt-get install -y nothing-pkg');
  });
});

describe('a wall time as people read it', () => {
  it('names hours and minutes only when there are some', () => {
    expect(formatElapsed(48_400)).toBe('48 s');
    expect(formatElapsed(372_000)).toBe('6 min 12 s');
    expect(formatElapsed(3_600_000)).toBe('1 h 0 min 0 s');
    expect(formatElapsed(3_785_000)).toBe('1 h 3 min 5 s');
    expect(formatElapsed(0)).toBe('0 s');
  });
});
