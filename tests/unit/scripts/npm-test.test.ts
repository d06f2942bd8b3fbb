import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatElapsed } from '../../../scripts/elapsed.mjs';

// A stand-in npx on PATH: npm test's steps take a moment and end with the status asked for.
const bin = mkdtempSync(path.join(tmpdir(), 'tiles-npx-'));
writeFileSync(path.join(bin, 'npx'), '#!/bin/sh\nsleep 1\nexit "${NPX_STATUS:-0}"\n');
chmodSync(path.join(bin, 'npx'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function npmTest(status: number) {
  return spawnSync(process.execPath, ['scripts/test.mjs'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, NPX_STATUS: String(status) },
  });
}

describe('npm test', () => {
  it('ends with the whole run’s wall time', () => {
    const result = npmTest(0);
    expect(result.status).toBe(0);
    const last = result.stdout.trim().split('\n').at(-1);
    expect(last).toMatch(/^npm test: \d+ s$/);
    // Two steps of a second each.
    expect(Number(last?.match(/(\d+) s$/)?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('still says how long it ran when a step fails, and fails', () => {
    const result = npmTest(1);
    expect(result.status).toBe(1);
    expect(result.stdout.trim().split('\n').at(-1)).toMatch(/^npm test: \d+ s$/);
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
