/** A satisfiable byte range of a file: `offset` and `length` in bytes. */
export interface ByteRange {
  offset: number;
  length: number;
}

/**
 * The one byte range a Range header asks of an object of `size` bytes (RFC 9110, section 14):
 * a range, 'unsatisfiable' (416), or null to answer the whole object (no header, a malformed or
 * reversed one, another unit, several ranges: a server may ignore what it does not serve).
 * R2 cannot be asked to judge: under local wrangler a bad range quietly returns the whole
 * object, so the Worker validates the header before it reads.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes; a suffix of none selects nothing.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { offset: start, length: end - start + 1 };
}
