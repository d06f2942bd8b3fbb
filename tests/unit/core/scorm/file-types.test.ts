import { describe, expect, it } from 'vitest';
import { packageFileType } from '../../../../core/scorm/file-types.ts';

describe("a package file's type", () => {
  it("comes from its extension, in any case, else is a plain download's", () => {
    expect(packageFileType('index.HTML')).toBe('text/html; charset=utf-8');
    expect(packageFileType('shared/scormfunctions.js')).toMatch(/^text\/javascript/);
    expect(packageFileType('LICENSE')).toBe('application/octet-stream');
    expect(packageFileType('notes.xyz')).toBe('application/octet-stream');
  });

  it("never takes one of an object's own members for a type (a file a package names x.constructor)", () => {
    for (const name of ['x.constructor', 'x.__proto__', 'x.toString', 'x.hasOwnProperty']) expect(packageFileType(name), name).toBe('application/octet-stream');
  });
});
