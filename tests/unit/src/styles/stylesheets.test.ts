import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The style sheets' shape (src/styles/global.css and every component's styles): the cascade layers'
 * order is declared once and every sheet imports it first, however the build splits and orders the
 * sheets of a page; no rule is left unlayered (it would beat every layered one); the text controls'
 * look is written once.
 */
const LAYERS = ['reset', 'tokens', 'base', 'components', 'utilities'];
const GLOBAL = 'src/styles/global.css';
const ORDER = 'src/styles/layers.css';

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ext))
    .map((name) => join(dir, name));
}

/** Every style sheet under src/: .css files, and the <style> blocks of .astro files. */
function sheets(): { file: string; css: string }[] {
  const css = files('src', '.css').map((file) => ({ file, css: readFileSync(file, 'utf8') }));
  const astro = files('src', '.astro').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((match) => ({ file, css: match[1] ?? '' })),
  );
  return [...css, ...astro];
}

/** The top-level statements of a style sheet: at-rule statements, and blocks' preludes. */
function topLevel(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, '""');
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') {
      if (depth === 0) statements.push(text.slice(start, i).trim());
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) start = i + 1;
    } else if (char === ';' && depth === 0) {
      statements.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return statements.filter((statement) => statement !== '');
}

describe('style sheets', () => {
  it('declare the layers’ order once, and every sheet imports it before anything else', () => {
    expect(topLevel(readFileSync(ORDER, 'utf8'))).toEqual([`@layer ${LAYERS.join(', ')};`]);
    const declarations = sheets().flatMap(({ file, css }) =>
      topLevel(css)
        .filter((s) => s.startsWith('@layer') && s.endsWith(';'))
        .map(() => file),
    );
    expect(declarations).toEqual([ORDER]);
    const late = sheets()
      .filter(({ file }) => file !== ORDER)
      .filter(({ file, css }) => {
        const path = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*@import\s+'([^']+)';/.exec(css)?.[1];
        return path === undefined || join(dirname(file), path) !== ORDER;
      })
      .map(({ file }) => file);
    expect(late).toEqual([]);
    for (const layout of files('src/layouts', '.astro').filter((file) => /<html[\s>]/.test(readFileSync(file, 'utf8')))) {
      expect(readFileSync(layout, 'utf8'), layout).toContain("import '../styles/global.css';");
    }
  });

  it('leave no rule outside a declared layer, and keep components in theirs', () => {
    const stray = sheets().flatMap(({ file, css }) =>
      topLevel(css)
        .filter((statement) => !statement.endsWith(';'))
        .filter((prelude) => {
          const layer = /^@layer\s+([a-z-]+)$/.exec(prelude)?.[1];
          if (file === GLOBAL) return layer === undefined || !LAYERS.includes(layer);
          return layer !== 'components';
        })
        .map((prelude) => `${file}: ${prelude}`),
    );
    expect(stray).toEqual([]);
  });

  it('write the text controls’ filled, underlined look once', () => {
    const looks = sheets().flatMap(({ file, css }) => [...css.matchAll(/border-bottom:\s*2px solid var\(--muted\)/g)].map(() => file));
    expect(looks).toEqual([GLOBAL]);
  });
});
