import { describe, expect, it } from 'vitest';
import { acceptOf, declaredType, mediaKey, PART_SIZE, partCount, partLength } from '../../../../core/media/kinds.ts';

describe('media kinds', () => {
  it("take the browser's type when it is one of ours, else the name's extension", () => {
    expect(declaredType('lesson.mp4', 'video/mp4')).toBe('video/mp4');
    expect(declaredType('captions.VTT', '')).toBe('text/vtt');
    expect(declaredType('clip.m4v', 'application/octet-stream')).toBe('video/x-m4v');
    expect(declaredType('logo.svg', 'image/svg+xml')).toBe('image/svg+xml');
    expect(declaredType('archive.zip', 'application/zip')).toBe('application/zip');
    expect(declaredType('senza-estensione', '')).toBe('application/octet-stream');
    for (const name of ['x.constructor', 'x.__proto__', 'x.toString']) expect(declaredType(name, ''), name).toBe('application/octet-stream');
  });

  it('offer a kind its types and extensions in a file picker', () => {
    expect(acceptOf('captions')).toBe('text/vtt,.vtt');
    expect(acceptOf('image').split(',')).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp', '.jpg', '.webp']));
    expect(acceptOf('image')).not.toContain('svg');
  });

  it('split a file into parts of one size, the last shorter', () => {
    expect(partCount(1)).toBe(1);
    expect(partCount(PART_SIZE)).toBe(1);
    expect(partCount(PART_SIZE + 1)).toBe(2);
    expect(partCount(4 * 1024 ** 3)).toBe(512);
    expect(partLength(2 * PART_SIZE + 7, 3)).toBe(7);
    expect(partLength(2 * PART_SIZE + 7, 2)).toBe(PART_SIZE);
  });

  it("make a new file's key from its name, plain, with a suffix and its type's extension", () => {
    expect(mediaKey('Lezione 1 – Igiene delle Mani (def).MP4', 'video/mp4', 'a1b2c3d4')).toBe('lezione-1-igiene-delle-mani-def-a1b2c3d4.mp4');
    expect(mediaKey('Übung.jpeg', 'image/jpeg', '00ff00ff')).toBe('ubung-00ff00ff.jpg');
    expect(mediaKey('???.pdf', 'application/pdf', '12345678')).toBe('file-12345678.pdf');
    expect(mediaKey('../../etc/passwd', 'text/vtt', 'abcdef01')).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
  });
});
