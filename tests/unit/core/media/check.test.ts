import { describe, expect, it } from 'vitest';
import { bufferReader, type ByteReader } from '../../../../core/media/bytes.ts';
import { checkDeclaration, checkMedia } from '../../../../core/media/check.ts';
import { MEDIA_LIMITS } from '../../../../core/media/kinds.ts';
import { concat, png, text, webp } from '../../../media-files.ts';
import { seedFile } from './seed-file.ts';

const check = (type: string, bytes: Uint8Array) => checkMedia(type, bytes.length, bufferReader(bytes));

describe('checkDeclaration', () => {
  it('refuses a type not ours (SVG among them), an empty file, and one over its kind limit', () => {
    expect(checkDeclaration('image/svg+xml', 100)).toEqual({ ok: false, problem: 'type-not-allowed' });
    expect(checkDeclaration('application/x-7z-compressed', 100)).toEqual({ ok: false, problem: 'type-not-allowed' });
    expect(checkDeclaration('video/mp4', 0)).toEqual({ ok: false, problem: 'empty' });
    expect(checkDeclaration('application/pdf', MEDIA_LIMITS.document + 1)).toEqual({ ok: false, problem: 'too-large' });
    expect(checkDeclaration('text/vtt', 1024 * 1024 + 1)).toEqual({ ok: false, problem: 'too-large' });
    expect(checkDeclaration('image/png', 10 * 1024 * 1024 + 1)).toEqual({ ok: false, problem: 'too-large' });
  });

  it('takes videos of at least 2 GB, up to 4 GiB', () => {
    expect(checkDeclaration('video/webm', 2 * 1024 ** 3)).toEqual({ ok: true, type: 'video/webm', kind: 'video' });
    expect(checkDeclaration('video/mp4', 4 * 1024 ** 3)).toMatchObject({ ok: true });
    expect(checkDeclaration('video/mp4', 4 * 1024 ** 3 + 1)).toEqual({ ok: false, problem: 'too-large' });
  });
});

describe('checkMedia', () => {
  it("reads the demo videos' true durations, and accepts the demo PDFs, captions and posters", async () => {
    expect(await check('video/webm', seedFile('lezione-introduzione.webm'))).toEqual({
      ok: true,
      type: 'video/webm',
      kind: 'video',
      durationSeconds: 24,
      width: null,
      height: null,
    });
    expect(await check('video/mp4', seedFile('lezione-procedura.mp4'))).toMatchObject({ ok: true, durationSeconds: 36 });
    expect(await check('application/pdf', seedFile('triage-pronto-soccorso-1-2.pdf'))).toMatchObject({ ok: true, kind: 'document' });
    expect(await check('text/vtt', seedFile('lezione-sintesi.de-DE.vtt'))).toMatchObject({ ok: true, kind: 'captions' });
    expect(await check('image/jpeg', seedFile('lezione-sintesi.jpg'))).toMatchObject({ ok: true, width: 640, height: 360 });
  });

  it('refuses content that is another type than declared, naming what it is', async () => {
    expect(await check('video/mp4', seedFile('triage-pronto-soccorso-1-2.pdf'))).toEqual({ ok: false, problem: 'type-mismatch', detected: 'application/pdf' });
    expect(await check('video/webm', seedFile('lezione-procedura.mp4'))).toEqual({ ok: false, problem: 'type-mismatch', detected: 'video/mp4' });
    expect(await check('image/png', text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toEqual({
      ok: false,
      problem: 'type-mismatch',
      detected: 'image/svg+xml',
    });
    expect(await check('image/png', text('just some text'))).toEqual({ ok: false, problem: 'type-mismatch', detected: null });
    // MP4 and M4V are one container, told apart by a brand only.
    expect(await check('video/x-m4v', seedFile('lezione-procedura.mp4'))).toMatchObject({ ok: true, type: 'video/x-m4v' });
  });

  it('refuses a "PDF" that is not one as such', async () => {
    expect(await check('application/pdf', png(2, 2))).toEqual({ ok: false, problem: 'not-pdf', detected: 'image/png' });
    expect(await check('application/pdf', text('Not a PDF at all, just a text file named .pdf'))).toEqual({ ok: false, problem: 'not-pdf', detected: null });
  });

  it('refuses truncated files of every kind but captions', async () => {
    const cut = (bytes: Uint8Array) => bytes.subarray(0, Math.floor(bytes.length * 0.8));
    for (const [type, name] of [
      ['video/webm', 'lezione-caso-clinico.webm'],
      ['video/mp4', 'lezione-sintesi.mp4'],
      ['application/pdf', 'gdpr-dati-sanitari-2-2.pdf'],
      ['image/jpeg', 'lezione-procedura.jpg'],
    ] as const) {
      expect(await check(type, cut(seedFile(name))), name).toEqual({ ok: false, problem: 'truncated' });
    }
    expect(await check('image/png', cut(png(4, 4)))).toEqual({ ok: false, problem: 'truncated' });
    expect(await check('image/webp', cut(concat(webp(8, 8), new Uint8Array(100))))).toMatchObject({ ok: false });
  });

  it('refuses an empty file before reading it', async () => {
    const read: ByteReader = async () => {
      throw new Error('nothing to read');
    };
    expect(await checkMedia('video/mp4', 0, read)).toEqual({ ok: false, problem: 'empty' });
  });

  it('reads a gigabyte-scale file in a few small reads', async () => {
    const bytes = seedFile('lezione-procedura.mp4');
    const reads: number[] = [];
    const read: ByteReader = async (offset, length) => {
      reads.push(length);
      return bytes.subarray(offset, offset + length);
    };
    await checkMedia('video/mp4', bytes.length, read);
    expect(reads.length).toBeLessThan(12);
    expect(Math.max(...reads)).toBeLessThanOrEqual(512);
  });
});
