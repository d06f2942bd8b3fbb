import { describe, expect, it } from 'vitest';
import { checkEntries, isSafePath, MAX_ENTRIES, MAX_UNPACKED_BYTES } from '../../../../core/scorm/package-rules.ts';

const entry = (name: string, size = 100, compressedSize = 50) => ({ name, size, compressedSize, encrypted: false, isDirectory: name.endsWith('/') });
const manifest = entry('imsmanifest.xml');

describe('isSafePath', () => {
  it('takes plain relative paths and refuses anything that could leave the package', () => {
    for (const good of ['index.html', 'a/b/c.js', 'media/', 'file with spaces.png', 'ü/é.css']) expect(isSafePath(good), good).toBe(true);
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\..\\x', 'a//b', './a', 'a/./b', '', 'a\u0000b'])
      expect(isSafePath(bad), bad).toBe(false);
  });
});

describe('checkEntries', () => {
  it('passes a package within every bound', () => {
    expect(checkEntries([manifest, entry('index.html'), entry('media/', 0, 0)])).toEqual({ ok: true });
  });
  it('refuses too many entries, too many bytes unpacked, a bomb, an encrypted file, and no manifest', () => {
    expect(checkEntries(Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => entry(`f${i}`)))).toMatchObject({ problem: 'too-many-entries' });
    expect(checkEntries([manifest, entry('a', MAX_UNPACKED_BYTES, MAX_UNPACKED_BYTES), entry('b', 1, 1)])).toMatchObject({ problem: 'too-large-unpacked' });
    expect(checkEntries([manifest, entry('zeros.bin', 50 * 1024 * 1024, 50_000)])).toMatchObject({ problem: 'compression-ratio', detail: 'zeros.bin' });
    // Small files are not judged by their ratio: a page of spaces is no bomb.
    expect(checkEntries([manifest, entry('spaces.txt', 500_000, 500)])).toEqual({ ok: true });
    expect(checkEntries([manifest, { ...entry('secret.html'), encrypted: true }])).toMatchObject({ problem: 'encrypted' });
    expect(checkEntries([entry('index.html')])).toMatchObject({ problem: 'no-manifest' });
    expect(checkEntries([entry('sub/imsmanifest.xml')])).toMatchObject({ problem: 'no-manifest' });
  });
});
