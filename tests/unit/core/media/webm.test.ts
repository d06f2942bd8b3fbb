import { describe, expect, it } from 'vitest';
import { bufferReader } from '../../../../core/media/bytes.ts';
import { sniffType } from '../../../../core/media/sniff.ts';
import { inspectWebm } from '../../../../core/media/webm.ts';
import { cluster, concat, ebmlHeader, info, segment } from '../../../media-files.ts';
import { seedFile } from './seed-file.ts';

const inspect = (bytes: Uint8Array) => inspectWebm(bufferReader(bytes), bytes.length);

describe('inspectWebm', () => {
  it('reads the Segment Info duration in its timestamp scale', async () => {
    expect(await inspect(concat(ebmlHeader(), segment(concat(info(12_345), cluster(100)))))).toEqual({ ok: true, durationSeconds: 12.345 });
    expect(await inspect(concat(ebmlHeader(), segment(concat(info(90, 1_000_000_000), cluster(10)))))).toEqual({ ok: true, durationSeconds: 90 });
    expect(await inspect(seedFile('lezione-caso-clinico.webm'))).toEqual({ ok: true, durationSeconds: 48 });
  });

  it('takes a live recording of unknown size, which may state no duration', async () => {
    expect(await inspect(concat(ebmlHeader(), segment(concat(info(null), cluster(100)), true)))).toEqual({ ok: true, durationSeconds: null });
  });

  it('refuses a Segment that ends past the file (cut short) or before it', async () => {
    const whole = concat(ebmlHeader(), segment(concat(info(1000), cluster(1000))));
    expect(await inspect(whole.subarray(0, whole.length - 10))).toEqual({ ok: false, problem: 'truncated' });
    expect(await inspect(concat(whole, new Uint8Array(3)))).toEqual({ ok: false, problem: 'malformed' });
    expect(await inspect(whole.subarray(0, 20))).toEqual({ ok: false, problem: 'truncated' });
  });

  it('refuses a Segment whose clusters come before its Info, or that has no Segment', async () => {
    expect(await inspect(concat(ebmlHeader(), segment(concat(cluster(10), info(1000)))))).toEqual({ ok: false, problem: 'malformed' });
    expect(await inspect(concat(ebmlHeader(), cluster(100)))).toEqual({ ok: false, problem: 'malformed' });
  });

  it('is told from Matroska by its DocType', () => {
    expect(sniffType(concat(ebmlHeader('webm'), segment(info(1))))).toBe('video/webm');
    expect(sniffType(concat(ebmlHeader('matroska'), segment(info(1))))).toBe('video/x-matroska');
  });
});
