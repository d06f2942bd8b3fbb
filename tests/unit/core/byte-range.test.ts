import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../../core/byte-range.ts';

describe('the byte range a Range header asks', () => {
  it('reads a start and end, an open end and a suffix, clipped to the object', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ offset: 0, length: 100 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ offset: 500, length: 500 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ offset: 0, length: 1000 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseByteRange('bytes=999-999', 1000)).toEqual({ offset: 999, length: 1 });
  });

  it('answers the whole object for no header, another unit, a malformed, reversed or multiple range', () => {
    for (const header of [undefined, null, '', 'bytes=-', 'items=0-1', 'bytes=a-b', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes 0-1']) {
      expect(parseByteRange(header, 1000), String(header)).toBeNull();
    }
  });

  it('refuses a range that starts past the end, an empty suffix, and any range of an empty object', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=1000-2000', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable');
  });
});
