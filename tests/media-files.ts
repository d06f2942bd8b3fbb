// Small, hand-made media files for the media checks' unit and API tests: each byte of their
// structure is chosen here. No Node API: the API tests run in workerd.

export const text = (value: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(value);

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const u32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const u64 = (value: number) => concat(u32(Math.floor(value / 2 ** 32)), u32(value % 2 ** 32));

/** An ISO base media box: 32-bit size, type, content. */
export const box = (type: string, ...content: Uint8Array[]) => {
  const body = concat(...content);
  return concat(u32(8 + body.length), text(type), body);
};

/** A box with the 64-bit size form (size field 1, then the large size). */
export const largeBox = (type: string, body: Uint8Array) => concat(u32(1), text(type), u64(16 + body.length), body);

/** `mvhd` of version 0 (32-bit) or 1 (64-bit), with a timescale and a duration in its ticks. */
export function mvhd(version: 0 | 1, timescale: number, duration: number): Uint8Array<ArrayBuffer> {
  const times = version === 1 ? concat(u64(0), u64(0), u32(timescale), u64(duration)) : concat(u32(0), u32(0), u32(timescale), u32(duration));
  return box('mvhd', new Uint8Array([version, 0, 0, 0]), times, new Uint8Array(80));
}

export const ftyp = (brand = 'isom') => box('ftyp', text(brand), u32(0x200), text('isomiso2avc1mp41'));

export const mp4 = (...boxes: Uint8Array[]) => concat(ftyp(), ...boxes);

/** An EBML element: ID bytes, a size written in `sizeLength` bytes (8 ones-filled for "unknown"), content. */
export function element(id: number[], content: Uint8Array, options: { unknownSize?: boolean; sizeLength?: number } = {}): Uint8Array<ArrayBuffer> {
  const length = options.sizeLength ?? 8;
  const size = new Uint8Array(length);
  if (options.unknownSize) {
    size.fill(0xff);
    size[0] = 0xff >> (length - 1);
  } else {
    let value = content.length;
    for (let i = length - 1; i >= 0; i--) {
      size[i] = value & 0xff;
      value = Math.floor(value / 256);
    }
    size[0] = (size[0] ?? 0) | (0x80 >> (length - 1));
  }
  return concat(new Uint8Array(id), size, content);
}

const float64 = (value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return bytes;
};

export const ebmlHeader = (docType = 'webm') =>
  element([0x1a, 0x45, 0xdf, 0xa3], concat(element([0x42, 0x82], text(docType), { sizeLength: 1 })), { sizeLength: 1 });

/** Segment Info: a timestamp scale (ns per tick) and a duration in ticks. */
export const info = (durationTicks: number | null, scale?: number) =>
  element(
    [0x15, 0x49, 0xa9, 0x66],
    concat(
      scale === undefined ? new Uint8Array() : element([0x2a, 0xd7, 0xb1], u32(scale), { sizeLength: 1 }),
      durationTicks === null ? new Uint8Array() : element([0x44, 0x89], float64(durationTicks), { sizeLength: 1 }),
    ),
  );

export const cluster = (bytes: number) => element([0x1f, 0x43, 0xb6, 0x75], new Uint8Array(bytes));

export const segment = (content: Uint8Array, unknownSize = false) => element([0x18, 0x53, 0x80, 0x67], content, { unknownSize });

/** A PNG of `width`×`height`: signature, IHDR, one IDAT, IEND (CRCs are not what is checked). */
export const png = (width: number, height: number) =>
  concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    u32(13),
    text('IHDR'),
    u32(width),
    u32(height),
    new Uint8Array([8, 6, 0, 0, 0]),
    u32(0),
    u32(4),
    text('IDAT'),
    new Uint8Array(4),
    u32(0),
    new Uint8Array([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  );

/** An extended WebP (VP8X) canvas of `width`×`height`. */
export function webp(width: number, height: number): Uint8Array<ArrayBuffer> {
  const le24 = (value: number) => new Uint8Array([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]);
  const chunk = concat(text('VP8X'), new Uint8Array([10, 0, 0, 0]), new Uint8Array(4), le24(width - 1), le24(height - 1));
  const body = concat(text('WEBP'), chunk);
  const size = body.length;
  return concat(text('RIFF'), new Uint8Array([size & 0xff, (size >> 8) & 0xff, 0, 0]), body);
}

/** A playable-shaped MP4 of about `bytes` bytes lasting `seconds`: its index first, then media data that says where each byte is. */
export function mp4File(seconds: number, bytes = 2048): Uint8Array<ArrayBuffer> {
  const head = concat(ftyp(), box('moov', mvhd(0, 1000, seconds * 1000)));
  const data = new Uint8Array(Math.max(0, bytes - head.length - 8));
  for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 13)) % 251;
  return concat(head, box('mdat', data));
}

/** A WebM of `seconds`, with a cluster of `clusterBytes`. */
export const webmFile = (seconds: number, clusterBytes = 1024): Uint8Array<ArrayBuffer> =>
  concat(ebmlHeader(), segment(concat(info(seconds * 1000), cluster(clusterBytes))));

/** The smallest PDF of one empty page, whole: header, objects, cross-reference table, trailer. */
export function pdfFile(): Uint8Array<ArrayBuffer> {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return text(body);
}

export const vttFile = (line = 'Ciao'): Uint8Array<ArrayBuffer> => text(`WEBVTT\n\n00:00.000 --> 00:02.000\n${line}\n`);
