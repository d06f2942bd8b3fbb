import { describe, expect, it } from 'vitest';
import { blockReader, type ByteReader } from '../../../../core/media/bytes.ts';
import { formatDuration, formatSize, formatSizeOverLimit } from '../../../../core/media/size.ts';

describe('blockReader', () => {
  const file = Uint8Array.from({ length: 100_000 }, (_, i) => i % 251);

  it('never asks past the end of the file, and answers reads inside the last block from memory', async () => {
    const asked: [number, number][] = [];
    const source: ByteReader = async (offset, length) => {
      asked.push([offset, length]);
      // A stored object answers a range past its end with the whole object: the reader must never ask one.
      if (offset + length > file.length) return file;
      return file.subarray(offset, offset + length);
    };
    const read = blockReader(source, file.length, 1000);
    expect(await read(10, 8)).toEqual(file.subarray(10, 18));
    expect(await read(500, 16)).toEqual(file.subarray(500, 516));
    expect(asked).toEqual([[10, 1000]]);
    expect(await read(99_990, 64)).toEqual(file.subarray(99_990));
    expect(asked.at(-1)).toEqual([99_990, 10]);
    expect(await read(100_000, 8)).toEqual(new Uint8Array());
    expect(asked).toHaveLength(2);
  });
});

describe('sizes and durations for people', () => {
  it('in the locale, in units of 1,024', () => {
    expect(formatSize(512, 'it-IT')).toBe('512 byte');
    expect(formatSize(8 * 1024 * 1024, 'en-US')).toBe('8 MB');
    expect(formatSize(1.5 * 1024 ** 3, 'it-IT').replace(/\s/g, ' ')).toBe('1,5 GB');
    expect(formatDuration(48)).toBe('0:48');
    expect(formatDuration(3725.4)).toBe('1:02:05');
  });

  it('a size over its limit never reads as the limit: in bytes when both round alike', () => {
    const plain = (words: { size: string; limit: string }) => ({ size: words.size.replace(/\s/g, ' '), limit: words.limit.replace(/\s/g, ' ') });
    expect(plain(formatSizeOverLimit(1024 ** 3 + 1, 1024 ** 3, 'it-IT'))).toEqual({ size: '1.073.741.825 byte', limit: '1.073.741.824 byte' });
    expect(plain(formatSizeOverLimit(1024 ** 3 + 1, 1024 ** 3, 'en-US'))).toEqual({ size: '1,073,741,825 bytes', limit: '1,073,741,824 bytes' });
    expect(plain(formatSizeOverLimit(3 * 1024 ** 3, 1024 ** 3, 'it-IT'))).toEqual({ size: '3 GB', limit: '1 GB' });
  });
});
