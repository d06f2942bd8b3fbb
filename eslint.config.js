// Lint: typescript-eslint's recommended rules, and the one-way import rule of docs/ARCHITECTURE.md:
// src/ (UI) → functions/ (API) → core/ (pure rules and contracts). Formatting is Prettier's.
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const browserOnly = (folder) => ({
  target: `./src/${folder}`,
  from: ['./functions'],
  message: `src/${folder} runs in the browser: take types and rules from core/.`,
});

/** Import zones every file falls under (paths from the repository's root). */
const ZONES = [
  {
    target: './core',
    from: ['./src', './functions', './seed', './scripts', './tests', './integrations', './bench'],
    message: 'core/ imports nothing of ours.',
  },
  { target: './functions', from: ['./src', './seed', './scripts', './integrations', './bench'], message: 'functions/ never imports src/.' },
  {
    // SQL and shared helpers sit below every feature: they may use each other, core/ and the
    // feature-free files at the top of functions/, never a feature (which would make them its part).
    target: './functions/data',
    from: ['./functions'],
    except: ['./data', './shared', './env.ts', './http-error.ts'],
    message: 'functions/data imports no feature: move what it needs to functions/shared or core/.',
  },
  {
    target: './functions/shared',
    from: ['./functions'],
    except: ['./shared', './env.ts', './http-error.ts'],
    message: 'functions/shared imports no feature (nor data/): every feature may use it.',
  },
  {
    target: ['./functions/env.ts', './functions/http-error.ts'],
    from: ['./functions'],
    except: ['./env.ts', './http-error.ts'],
    message: 'env.ts and http-error.ts depend on no feature: every feature, data/ and shared/ import them.',
  },
  browserOnly('lib'),
  browserOnly('islands'),
  browserOnly('stores'),
];

/** Handlers stay thin and separate: only the route table imports them (a handler never imports a handler). */
const HANDLERS_ZONE = {
  target: '.',
  from: ['./functions/**/*handlers.ts'],
  message: 'only functions/routes.ts imports handlers: move shared code to a non-handler module of its feature.',
};

/**
 * An .astro file's <script>s run in the browser. ESLint lints each as a virtual file
 * (`src/pages/x.astro/1_1.ts`), but import-x matches zones against the file on disk
 * (`src/pages/x.astro`), which its server-side frontmatter shares; so this zone is given to the
 * virtual files alone, by the config block that matches their names.
 */
const BROWSER_SCRIPT_ZONE = {
  target: './src',
  from: ['./functions'],
  message: "an .astro file's <script> runs in the browser: take types and rules from core/.",
};

const restrictedPaths = (zones) => ['error', { basePath: import.meta.dirname, zones }];

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.wrangler/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'bench/out-*/',
      'tests/fixtures/scorm-vendors/',
    ],
  },
  ...tseslint.configs.recommended,
  // .astro files: their frontmatter and their <script>s (linted as virtual `*.astro/*.ts` files).
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,astro}', '**/*.astro/*.{ts,js}'],
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': restrictedPaths([...ZONES, HANDLERS_ZONE]),
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['astro', 'astro:*', 'react', 'react-dom', 'hono', 'hono/*', 'cloudflare:*', '@cloudflare/*'], message: 'core/ has no framework import.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.astro/*.{ts,js}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...ZONES, HANDLERS_ZONE, BROWSER_SCRIPT_ZONE]) },
  },
  {
    files: ['functions/routes.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(ZONES) },
  },
  {
    // Promises are awaited, returned, or handled on purpose (`void` where ignoring one is right):
    // rules that need types, from the TypeScript project service (tsconfig.json).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The same for .astro frontmatter: astro-eslint-parser has no project service, it builds a
    // program from tsconfig.json (`project: true`).
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { project: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // An .astro file's <script>s are virtual files no TypeScript project holds: no type-aware rules.
    files: ['**/*.astro/*.{ts,js}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false, project: null } },
  },
  {
    // React's rules of hooks, and effects, memos and callbacks that name everything they read.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No import cycles. import-x reads an imported file with the parser for its kind: the .astro
    // parser would choke on plain TypeScript. It skips type-only imports (import type).
    files: ['**/*.{ts,tsx,astro}', '**/*.astro/*.ts'],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'], 'astro-eslint-parser': ['.astro'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The framework ban applies to core/ only.
    files: ['**/*.{ts,tsx,mjs,js,astro}', '**/*.astro/*.{ts,js}'],
    ignores: ['core/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**', 'integrations/**', 'tests/e2e/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
