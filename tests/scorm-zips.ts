// Zips written byte by byte for the SCORM package checks' unit and API tests (and bench/scorm-bomb.mjs):
// fflate deflates, this file lays out the headers, so an entry can say what no honest zip tool
// writes (a size that is a lie, a Unix mode of a symbolic link, a name twice) and one deflated
// body can serve a thousand entries without deflating it a thousand times. No Node API: the API
// tests run in workerd.
import { deflateSync, strToU8 } from 'fflate';

export interface ZipEntrySpec {
  name: string;
  /** The entry's bytes as the zip holds them: deflated when `method` is 8. */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size the headers declare: the true one unless a test lies. */
  size: number;
  crc: number;
  /** The high byte of "version made by": 3 for Unix, 0 for MS-DOS. */
  os?: number;
  /** External attributes: a Unix mode shifted left by 16, or MS-DOS attributes. */
  attrs?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** An entry of `content`, deflated (or stored), with its true size and CRC; `options` may change any field. */
export function entry(name: string, content: string | Uint8Array, options: Partial<ZipEntrySpec> & { store?: boolean } = {}): ZipEntrySpec {
  const bytes = typeof content === 'string' ? strToU8(content) : content;
  const { store, ...rest } = options;
  return { name, data: store ? bytes : deflateSync(bytes), method: store ? 0 : 8, size: bytes.length, crc: crc32(bytes), ...rest };
}

/** A Unix mode for `attrs`: `unixMode(0o120777)` is a symbolic link's. */
export const unixMode = (mode: number): Partial<ZipEntrySpec> => ({ os: 3, attrs: (mode << 16) >>> 0 });

/** The zip of `entries` in order: local headers and data, the central directory, its end record. */
export function zipOf(entries: readonly ZipEntrySpec[]): Uint8Array<ArrayBuffer> {
  const names = entries.map((spec) => strToU8(spec.name));
  const localLength = entries.reduce((sum, spec, i) => sum + 30 + (names[i]?.length ?? 0) + spec.data.length, 0);
  const centralLength = names.reduce((sum, name) => sum + 46 + name.length, 0);
  const bytes = new Uint8Array(localLength + centralLength + 22);
  const view = new DataView(bytes.buffer);
  const offsets: number[] = [];
  let at = 0;
  entries.forEach((spec, i) => {
    const name = names[i] ?? new Uint8Array(0);
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 8, spec.method, true);
    view.setUint32(at + 14, spec.crc, true);
    view.setUint32(at + 18, spec.data.length, true);
    view.setUint32(at + 22, spec.size, true);
    view.setUint16(at + 26, name.length, true);
    bytes.set(name, at + 30);
    bytes.set(spec.data, at + 30 + name.length);
    at += 30 + name.length + spec.data.length;
  });
  const central = at;
  entries.forEach((spec, i) => {
    const name = names[i] ?? new Uint8Array(0);
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, ((spec.os ?? 0) << 8) | 20, true);
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 10, spec.method, true);
    view.setUint32(at + 16, spec.crc, true);
    view.setUint32(at + 20, spec.data.length, true);
    view.setUint32(at + 24, spec.size, true);
    view.setUint16(at + 28, name.length, true);
    view.setUint32(at + 38, spec.attrs ?? 0, true);
    view.setUint32(at + 42, offsets[i] ?? 0, true);
    bytes.set(name, at + 46);
    at += 46 + name.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, at - central, true);
  view.setUint32(at + 16, central, true);
  return bytes;
}

/** The smallest SCORM 1.2 package: a manifest naming index.html, and index.html. */
export const MANIFEST = `<?xml version="1.0"?><manifest identifier="m" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
<metadata><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>Prova</title>
<item identifier="i" identifierref="r"><title>Prova</title></item></organization></organizations>
<resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources></manifest>`;

export const soundEntries = (): ZipEntrySpec[] => [entry('imsmanifest.xml', MANIFEST), entry('index.html', '<!DOCTYPE html><title>Prova</title><p>Prova</p>')];

const MiB = 1024 * 1024;

/**
 * `count` entries of 1 MiB of zeros each beside a sound package, sharing one deflated body (about
 * 1 KiB): each entry sits exactly at the per-entry ratio's floor. With `lie`, each declares 1 KiB
 * instead, so only counting the inflated bytes catches it.
 */
export function zerosBomb(count: number, lie = false): Uint8Array<ArrayBuffer> {
  const zeros = entry('zeros', new Uint8Array(MiB));
  const declared = lie ? { size: 1024 } : {};
  return zipOf([...soundEntries(), ...Array.from({ length: count }, (_, i) => ({ ...zeros, name: `media/zeros-${i}.bin`, ...declared }))]);
}
