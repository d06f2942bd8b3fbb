import { strToU8, zipSync } from 'fflate';
import { unzipRaw } from 'unzipit';
import { describe, expect, it } from 'vitest';
import {
  checkEntries,
  entryKind,
  isSafePath,
  MAX_ENTRIES,
  MAX_TOTAL_RATIO,
  MAX_UNPACKED_BYTES,
  TOTAL_RATIO_FLOOR,
  type EntryFacts,
} from '../../../../core/scorm/package-rules.ts';
import { entry as zipEntry, soundEntries, unixMode, zerosBomb, zipOf } from '../../../scorm-zips.ts';

const MiB = 1024 * 1024;
const entry = (name: string, size = 100, compressedSize = 50): EntryFacts => ({
  name,
  size,
  compressedSize,
  encrypted: false,
  isDirectory: name.endsWith('/'),
  versionMadeBy: 20,
  externalFileAttributes: 0,
});
const manifest = entry('imsmanifest.xml');
/** The verdict on a zip's bytes, its entries read by unzipit as the upload reads them. */
const verdict = async (bytes: Uint8Array<ArrayBuffer>) => checkEntries((await unzipRaw(bytes)).entries, bytes.length);

describe('isSafePath', () => {
  it('takes plain relative paths and refuses anything that could leave the package', () => {
    for (const good of ['index.html', 'a/b/c.js', 'media/', 'file with spaces.png', 'ü/é.css']) expect(isSafePath(good), good).toBe(true);
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\..\\x', 'a//b', './a', 'a/./b', '', 'a\u0000b'])
      expect(isSafePath(bad), bad).toBe(false);
  });
});

describe('checkEntries', () => {
  it('passes a package within every bound', () => {
    expect(checkEntries([manifest, entry('index.html'), entry('media/', 0, 0)], 1_000)).toEqual({ ok: true });
  });
  it('refuses too many entries, too many bytes unpacked, a bomb, an encrypted file, and no manifest', () => {
    expect(
      checkEntries(
        Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => entry(`f${i}`)),
        1_000_000,
      ),
    ).toMatchObject({ problem: 'too-many-entries' });
    expect(checkEntries([manifest, entry('a', MAX_UNPACKED_BYTES, MAX_UNPACKED_BYTES), entry('b', 1, 1)], MAX_UNPACKED_BYTES)).toMatchObject({
      problem: 'too-large-unpacked',
    });
    expect(checkEntries([manifest, entry('zeros.bin', 50 * MiB, 50_000)], 60_000)).toMatchObject({ problem: 'compression-ratio', detail: 'zeros.bin' });
    // Small files are not judged by their ratio: a page of spaces is no bomb.
    expect(checkEntries([manifest, entry('spaces.txt', 500_000, 500)], 1_000)).toEqual({ ok: true });
    expect(checkEntries([manifest, { ...entry('secret.html'), encrypted: true }], 1_000)).toMatchObject({ problem: 'encrypted' });
    expect(checkEntries([entry('index.html')], 1_000)).toMatchObject({ problem: 'no-manifest' });
    expect(checkEntries([entry('sub/imsmanifest.xml')], 1_000)).toMatchObject({ problem: 'no-manifest' });
  });

  it('judges the whole package by its ratio above its floor, over the zip itself when entries share their data', () => {
    const files = (count: number, size: number, compressed: number, folder = 'media') =>
      Array.from({ length: count }, (_, i) => entry(`${folder}/f${i}.bin`, size, compressed));
    // 100 files of 1 MiB, each 1,000 times its compressed size (under the floor each): 100,000 times the whole.
    expect(checkEntries([manifest, ...files(100, MiB, 1_000)], 200_000)).toEqual({
      ok: false,
      problem: 'total-ratio',
      detail: String(Math.floor((100 * MiB + 100) / 100_050)),
    });
    // The same under the floor: a text-only package, however well it compresses.
    expect(checkEntries([manifest, ...files(60, MiB, 1_000)], 100_000)).toEqual({ ok: true });
    // A real large package: media stored as they are, text compressing 5 times.
    expect(checkEntries([manifest, ...files(100, 5 * MiB, 5 * MiB - 10), ...files(50, MiB, MiB / 5, 'pages')], 520 * MiB)).toEqual({ ok: true });
    // Entries that claim large compressed sizes, all read from the same few bytes of the zip.
    const overlapping = files(100, MiB, 100_000);
    expect(checkEntries([manifest, ...overlapping], 100 * 100_000)).toEqual({ ok: true });
    expect(checkEntries([manifest, ...overlapping], 200_000)).toMatchObject({ problem: 'total-ratio' });
    expect(TOTAL_RATIO_FLOOR).toBeLessThan(MAX_UNPACKED_BYTES);
    expect(MAX_TOTAL_RATIO).toBeLessThan(200);
  });

  it('refuses a file named twice, or named as a folder, and takes names that differ only by case', () => {
    expect(checkEntries([manifest, entry('index.html'), entry('index.html')], 1_000)).toEqual({ ok: false, problem: 'duplicate-name', detail: 'index.html' });
    expect(checkEntries([manifest, entry('media'), entry('media/a.png')], 1_000)).toMatchObject({ problem: 'duplicate-name', detail: 'media' });
    expect(checkEntries([manifest, entry('media/a/b.png'), entry('media/a')], 1_000)).toMatchObject({ problem: 'duplicate-name', detail: 'media/a' });
    expect(checkEntries([manifest, entry('media'), entry('media/', 0, 0)], 1_000)).toMatchObject({ problem: 'duplicate-name', detail: 'media' });
    expect(checkEntries([manifest, entry('media/', 0, 0), entry('media/', 0, 0), entry('media/a.png')], 1_000)).toEqual({ ok: true });
    expect(checkEntries([manifest, entry('Index.html'), entry('index.html'), entry('INDEX.HTML')], 1_000)).toEqual({ ok: true });
  });
});

describe('entryKind', () => {
  const unix = (name: string, mode: number, size = 10): EntryFacts => ({
    ...entry(name, size),
    versionMadeBy: (3 << 8) | 30,
    externalFileAttributes: (mode << 16) >>> 0,
  });
  it('tells files and folders by their Unix mode, when the zip was written on Unix, and refuses every other kind', () => {
    expect(entryKind(unix('a.html', 0o100644))).toBe('file');
    expect(entryKind(unix('media/', 0o040755, 0))).toBe('folder');
    expect(entryKind(unix('media', 0o040755, 0))).toBe('folder');
    for (const mode of [0o120777, 0o020644, 0o060644, 0o010644, 0o140755]) expect(entryKind(unix('x', mode)), mode.toString(8)).toBe('special');
    // A folder's mode with data, a folder's name with data.
    expect(entryKind(unix('media', 0o040755, 10))).toBe('special');
    expect(entryKind(entry('media/', 10))).toBe('special');
    // A mode of 0, or MS-DOS attributes (the high bits mean nothing there).
    expect(entryKind(unix('a.html', 0))).toBe('file');
    expect(entryKind({ ...entry('a.html'), externalFileAttributes: (0o120777 << 16) >>> 0 })).toBe('file');
  });
});

describe('checkEntries on zips as unzipit reads them', () => {
  it('passes a sound package, with Unix modes or without', async () => {
    expect(await verdict(zipOf(soundEntries()))).toEqual({ ok: true });
    const unix = soundEntries().map((spec) => ({ ...spec, ...unixMode(0o100644) }));
    expect(await verdict(zipOf([...unix, zipEntry('media/', '', { store: true, ...unixMode(0o040755) })]))).toEqual({ ok: true });
    const fromFflate = zipSync({ 'imsmanifest.xml': strToU8('<manifest/>'), 'index.html': [strToU8('<p>x</p>'), { os: 3, attrs: (0o100644 << 16) >>> 0 }] });
    expect(await verdict(fromFflate)).toEqual({ ok: true });
  });

  it('refuses a symbolic link (mode 0o120777), as fflate and as a hand-made zip write it, and a FIFO', async () => {
    const link = zipSync({ 'imsmanifest.xml': strToU8('<manifest/>'), 'index.html': [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] });
    expect(await verdict(link)).toEqual({ ok: false, problem: 'special-file', detail: 'index.html' });
    expect(await verdict(zipOf([...soundEntries(), zipEntry('media/secret', '../../../etc/passwd', { store: true, ...unixMode(0o120777) })]))).toEqual({
      ok: false,
      problem: 'special-file',
      detail: 'media/secret',
    });
    expect(await verdict(zipOf([...soundEntries(), zipEntry('pipe', '', { store: true, ...unixMode(0o010644) })]))).toMatchObject({ problem: 'special-file' });
  });

  it('refuses a name written twice', async () => {
    expect(await verdict(zipOf([...soundEntries(), zipEntry('index.html', '<p>other</p>')]))).toEqual({
      ok: false,
      problem: 'duplicate-name',
      detail: 'index.html',
    });
  });

  it('refuses 1,100 entries of 1 MiB of zeros (1.1 GiB from about 1.3 MB) by their total, and 500 of them by the whole ratio', async () => {
    const bomb = zerosBomb(1_100);
    expect(bomb.length).toBeLessThan(1.5 * MiB);
    expect(await verdict(bomb)).toEqual({ ok: false, problem: 'too-large-unpacked' });
    expect(await verdict(zerosBomb(500))).toMatchObject({ ok: false, problem: 'total-ratio' });
    // Under the whole ratio's floor, a few such files are no bomb.
    expect(await verdict(zerosBomb(10))).toEqual({ ok: true });
  });

  it('cannot see a directory that lies about its sizes: that is caught while inflating (tests/unit/functions/scorm)', async () => {
    expect(await verdict(zerosBomb(1_100, true))).toEqual({ ok: true });
  });
});
