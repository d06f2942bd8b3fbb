import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries we rely on are lint rules (eslint.config.js): each planted violation below, at a
 * realistic path, must be reported by its rule. Nothing is written: ESLint lints the text as if it
 * were the file. Removing a rule from the config fails its case.
 */

const ROOT = resolve(import.meta.dirname, '../..');

// Without type information (the project's program takes seconds to build): the import zones,
// cycles and hooks need none, and a rule removed from the config is still missed.
const untyped = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    { files: ['**/*.{ts,tsx,astro}'], languageOptions: { parserOptions: { projectService: false, project: null } } },
    {
      files: ['**/*.{ts,tsx,astro}'],
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  ],
});

async function reported(eslint: ESLint, code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

describe('lint boundaries', () => {
  it('a handler imports no handler: only the route table does', async () => {
    const code = "import { getDrafts } from '../cms/handlers.ts';\nexport const drafts = getDrafts;\n";
    expect(await reported(untyped, code, 'functions/lms/handlers.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only functions\/routes\.ts imports handlers/),
    ]);
    expect(await reported(untyped, code, 'functions/lms/media.ts')).toHaveLength(1);
    expect(await reported(untyped, "import { getDrafts } from './cms/handlers.ts';\nexport const drafts = getDrafts;\n", 'functions/routes.ts')).toEqual([]);
  });

  it('functions/data imports no feature, but shared helpers and core', async () => {
    const feature = "import { signIn } from '../../auth/sign-in.ts';\nexport const plant = signIn;\n";
    expect(await reported(untyped, feature, 'functions/data/auth/plant.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*functions\/data imports no feature/),
    ]);
    const allowed = [
      "import { newToken } from '../../shared/token.ts';",
      "import type { Env } from '../../env.ts';",
      "import { FREE_ATTEMPTS } from '../../../core/sign-in-throttle.ts';",
      "import { findUserById } from './users.ts';",
      'export const plant: [unknown, Env | null, number, unknown] = [newToken, null, FREE_ATTEMPTS, findUserById];',
    ].join('\n');
    expect(await reported(untyped, `${allowed}\n`, 'functions/data/auth/plant.ts')).toEqual([]);
  });

  it("an .astro file's <script> imports nothing of functions/, its frontmatter may", async () => {
    const page = (frontmatter: string, script: string) => `---\n${frontmatter}\n---\n<p>plant</p>\n<script>\n${script}\n</script>\n`;
    const data = "import { findUserById } from '../../../functions/data/auth/users.ts';\nconsole.log(findUserById);";
    expect(await reported(untyped, page('', data), 'src/pages/[locale]/plant.astro')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*<script> runs in the browser/),
    ]);
    expect(await reported(untyped, page(data, ''), 'src/pages/[locale]/plant.astro')).toEqual([]);
  });

  it('no import cycle', async () => {
    // data/auth/tokens.ts imports shared/token.ts, on disk.
    const code = "import { issueTokens } from '../data/auth/tokens.ts';\nexport const plant = issueTokens;\n";
    expect(await reported(untyped, code, 'functions/shared/token.ts')).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: /));
  });

  it('hooks name what they read', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export default function Plant({ id }: { id: string }) {',
      '  const [seen, setSeen] = useState<string | null>(null);',
      '  useEffect(() => setSeen(id), []);',
      '  if (seen) useState(0);',
      '  return <p>{seen}</p>;',
      '}',
    ].join('\n');
    const messages = await reported(untyped, `${code}\n`, 'src/islands/player/Plant.tsx');
    expect(messages).toContainEqual(expect.stringMatching(/^react-hooks\/exhaustive-deps: .*missing dependency: 'id'/));
    expect(messages).toContainEqual(expect.stringMatching(/^react-hooks\/rules-of-hooks: /));
  });

  it('no floating or misused promise (with types)', { timeout: 120_000 }, async () => {
    // The project's typed rules on a program of this one file (tsconfig.json's settings): the whole
    // project's program took 20 s of the suite's CPU to build for one planted file.
    const typed = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        files: ['**/*.ts'],
        languageOptions: { parserOptions: { projectService: false, project: resolve(import.meta.dirname, 'lint-typed.tsconfig.json') } },
      },
    });
    const code = [
      'async function save(): Promise<void> {}',
      'export function plant(button: HTMLButtonElement): void {',
      '  save();',
      "  button.addEventListener('click', save);",
      '}',
    ].join('\n');
    // A file of the project, so that its program holds the text.
    const messages = await reported(typed, `${code}\n`, 'src/lib/reload-guard.ts');
    expect(messages).toContainEqual(expect.stringMatching(/^@typescript-eslint\/no-floating-promises: /));
    expect(messages).toContainEqual(expect.stringMatching(/^@typescript-eslint\/no-misused-promises: /));
  });
});
