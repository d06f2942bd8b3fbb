import { describe, expect, it } from 'vitest';
import { bufferReader } from '../../../../core/media/bytes.ts';
import { inspectImage } from '../../../../core/media/image.ts';
import { inspectPdf } from '../../../../core/media/pdf.ts';
import { sniffType } from '../../../../core/media/sniff.ts';
import { inspectVtt } from '../../../../core/media/vtt.ts';
import { concat, png, text, webp } from '../../../media-files.ts';
import { seedFile } from './seed-file.ts';

const pdf = (bytes: Uint8Array) => inspectPdf(bufferReader(bytes), bytes.length);
const vtt = (bytes: Uint8Array) => inspectVtt(bufferReader(bytes), bytes.length);

describe('inspectPdf', () => {
  it('accepts a PDF whose last startxref points at a cross-reference table or stream', async () => {
    expect(await pdf(seedFile('prevenzione-ica-2-2.pdf'))).toEqual({ ok: true });
    const table = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\nxref\n0 2\ntrailer\n<<>>\nstartxref\n29\n%%EOF\r\n';
    expect(await pdf(text(table))).toEqual({ ok: true });
  });

  it('refuses one without its trailer (cut short), and one that only looks like a PDF', async () => {
    const whole = seedFile('cybersecurity-sanita-2-2.pdf');
    expect(await pdf(whole.subarray(0, whole.length - 20))).toEqual({ ok: false, problem: 'truncated' });
    expect(await pdf(text('%PDF-1.7\nhello\n%%EOF'))).toEqual({ ok: false, problem: 'truncated' });
    expect(await pdf(text('%PDF-1.7\nhello\nstartxref\n99999\n%%EOF'))).toEqual({ ok: false, problem: 'not-pdf' });
    expect(await pdf(text('%PDF-1.7\nhello\nstartxref\n3\n%%EOF'))).toEqual({ ok: false, problem: 'not-pdf' });
    expect(await pdf(text('%PDF-x.7\nstartxref\n0\n%%EOF'))).toEqual({ ok: false, problem: 'not-pdf' });
  });
});

describe('inspectVtt', () => {
  it('accepts UTF-8 captions that start with WEBVTT, with or without a byte-order mark', async () => {
    expect(await vtt(text('WEBVTT\n\n00:00.000 --> 00:01.000\nÈ già così\n'))).toEqual({ ok: true });
    expect(await vtt(concat(new Uint8Array([0xef, 0xbb, 0xbf]), text('WEBVTT - Lezione\r\n')))).toEqual({ ok: true });
  });

  it('refuses captions in another encoding, and text without the WEBVTT line', async () => {
    expect(await vtt(concat(text('WEBVTT\n\n00:00.000 --> 00:01.000\n'), new Uint8Array([0xc8, 0x20, 0x67, 0x69, 0xe0])))).toEqual({
      ok: false,
      problem: 'not-utf8',
    });
    expect(await vtt(text('WEBVTTX\n'))).toEqual({ ok: false, problem: 'type-mismatch' });
    expect(sniffType(text('1\n00:00:00,000 --> 00:00:01,000\nSRT\n'))).toBeNull();
  });
});

describe('inspectImage', () => {
  it('reads the size of PNG, JPEG and WebP images', async () => {
    const image = (type: 'image/png' | 'image/jpeg' | 'image/webp', bytes: Uint8Array) => inspectImage(type, bufferReader(bytes), bytes.length);
    expect(await image('image/png', png(1200, 630))).toEqual({ ok: true, width: 1200, height: 630 });
    expect(await image('image/jpeg', seedFile('lezione-introduzione.jpg'))).toEqual({ ok: true, width: 640, height: 360 });
    expect(await image('image/webp', webp(300, 200))).toEqual({ ok: true, width: 300, height: 200 });
  });

  it('refuses a PNG without its end, a JPEG without its end marker, a WebP shorter or longer than it says', async () => {
    const image = (type: 'image/png' | 'image/jpeg' | 'image/webp', bytes: Uint8Array) => inspectImage(type, bufferReader(bytes), bytes.length);
    const whole = png(10, 10);
    expect(await image('image/png', whole.subarray(0, whole.length - 4))).toEqual({ ok: false, problem: 'truncated' });
    const jpeg = seedFile('lezione-procedura.jpg');
    expect(await image('image/jpeg', jpeg.subarray(0, jpeg.length - 2))).toEqual({ ok: false, problem: 'truncated' });
    expect(await image('image/jpeg', concat(jpeg, new Uint8Array([0, 0, 0x0a])))).toMatchObject({ ok: true });
    expect(await image('image/webp', concat(webp(8, 8), new Uint8Array(2)))).toEqual({ ok: false, problem: 'malformed' });
    const short = webp(8, 8);
    expect(await image('image/webp', concat(short.subarray(0, 4), new Uint8Array([200, 0, 0, 0]), short.subarray(8)))).toEqual({
      ok: false,
      problem: 'truncated',
    });
  });

  it('names SVG, GIF and QuickTime by their bytes, so they are refused as what they are', () => {
    expect(sniffType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(sniffType(text('\uFEFF<!-- logo --><svg>'))).toBe('image/svg+xml');
    expect(sniffType(text('GIF89a...'))).toBe('image/gif');
    expect(sniffType(concat(new Uint8Array([0, 0, 0, 20]), text('ftypqt  '), new Uint8Array(8)))).toBe('video/quicktime');
  });
});
