import { describe, expect, it } from 'vitest';
import { bufferReader } from '../../../../core/media/bytes.ts';
import { inspectMp4, MAX_MP4_BOXES } from '../../../../core/media/mp4.ts';
import { box, concat, ftyp, largeBox, mp4, mvhd } from '../../../media-files.ts';

const inspect = (bytes: Uint8Array) => inspectMp4(bufferReader(bytes), bytes.length);
const mdat = (bytes: number) => box('mdat', new Uint8Array(bytes));

describe('inspectMp4', () => {
  it('reads the duration from the movie header, version 0 and 1, wherever the index sits', async () => {
    expect(await inspect(mp4(box('moov', mvhd(0, 1000, 42_500)), mdat(100)))).toEqual({ ok: true, durationSeconds: 42.5 });
    expect(await inspect(mp4(mdat(100), box('moov', mvhd(1, 90_000, 90_000 * 3600))))).toEqual({ ok: true, durationSeconds: 3600 });
  });

  it("takes a fragmented file's duration from mvex/mehd when the header has none", async () => {
    const mehd = box('mehd', new Uint8Array([0, 0, 0, 0, 0, 0, 0x75, 0x30]));
    const file = mp4(box('moov', mvhd(0, 1000, 0), box('mvex', mehd)), box('moof', new Uint8Array(8)), mdat(50));
    expect(await inspect(file)).toEqual({ ok: true, durationSeconds: 30 });
  });

  it('follows 64-bit box sizes and a last box that runs to the end (size 0)', async () => {
    const toEnd = concat(new Uint8Array([0, 0, 0, 0]), new TextEncoder().encode('mdat'), new Uint8Array(64));
    expect(await inspect(concat(ftyp(), box('moov', mvhd(0, 600, 6000)), largeBox('free', new Uint8Array(10)), toEnd))).toEqual({
      ok: true,
      durationSeconds: 10,
    });
  });

  it('refuses boxes that do not add up to the file: cut short, or with bytes left over', async () => {
    const whole = mp4(box('moov', mvhd(0, 1000, 1000)), mdat(1000));
    expect(await inspect(whole.subarray(0, whole.length - 1))).toEqual({ ok: false, problem: 'truncated' });
    expect(await inspect(concat(whole, new Uint8Array(5)))).toEqual({ ok: false, problem: 'truncated' });
    const wrongSize = whole.slice();
    wrongSize.set([0, 0, 0, 4], ftyp().length);
    expect(await inspect(wrongSize)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('refuses a file without its index (moov), and one whose index has no movie header', async () => {
    expect(await inspect(mp4(mdat(500)))).toEqual({ ok: false, problem: 'no-index' });
    expect(await inspect(mp4(box('moov', box('trak')), mdat(10)))).toEqual({ ok: false, problem: 'malformed' });
  });

  it('refuses a file of more boxes than any lesson has rather than reading them one by one', async () => {
    const many = concat(ftyp(), box('moov', mvhd(0, 1, 1)), ...Array.from({ length: MAX_MP4_BOXES }, () => box('free')));
    expect(await inspect(many)).toEqual({ ok: false, problem: 'malformed' });
  });
});
