import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles, type-only imports included. Lint's import-x/no-cycle skips `import type`, and
 * both cycles it was added for were partly type-only (env.ts → email/outbox.ts → auth/session-secret.ts
 * → env.ts; api-client.ts ↔ api-url.ts); a type cycle still ties the modules into one.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['core', 'functions', 'src', 'seed', 'scripts', 'integrations', 'tests', 'bench'];
const SKIP = new Set(['node_modules', 'dist', '.astro', '.wrangler']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers a file imports (statically, dynamically or by re-export), types included. */
function specifiers(path: string): string[] {
  // An .astro file's frontmatter and <script>s are TypeScript; its markup imports nothing.
  const text = readFileSync(path, 'utf8');
  const code = path.endsWith('.astro')
    ? [...text.matchAll(/^---\n([\s\S]*?)\n---/g), ...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')
    : text;
  return ts
    .preProcessFile(code, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((name) => name.startsWith('.'));
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const dependency of graph.get(file) ?? []) {
      if (!index.has(dependency)) {
        visit(dependency);
        low.set(file, Math.min(low.get(file)!, low.get(dependency)!));
      } else if (onStack.has(dependency)) {
        low.set(file, Math.min(low.get(file)!, index.get(dependency)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.map((path) => relative(ROOT, path)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('form no cycle, type-only imports included', () => {
    const graph = new Map<string, string[]>();
    for (const file of FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
      graph.set(
        file,
        specifiers(file).flatMap((specifier) => resolveImport(file, specifier) ?? []),
      );
    }
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph)).toEqual([]);
  });

  it('counts type-only imports, and a cycle through them', () => {
    // functions/env.ts imports its queue's payload type only.
    expect(readFileSync(join(ROOT, 'functions/env.ts'), 'utf8')).toContain("import type { AcceptedHit } from '../core/contracts/event.ts'");
    expect(specifiers(join(ROOT, 'functions/env.ts'))).toContain('../core/contracts/event.ts');
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });
});
