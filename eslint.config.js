// Lint: typescript-eslint's recommended rules, and the one-way import rule of docs/ARCHITECTURE.md:
// src/ (UI) → functions/ (API) → core/ (pure rules and contracts). Formatting is Prettier's.
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.wrangler/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/', 'bench/out-*/'] },
  ...tseslint.configs.recommended,
  // .astro files: their frontmatter and their <script>s (linted as virtual `*.astro/*.ts` files).
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,astro}', '**/*.astro/*.{ts,js}'],
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './core',
              from: ['./src', './functions', './seed', './scripts', './tests', './integrations', './bench'],
              message: 'core/ imports nothing of ours.',
            },
            { target: './functions', from: ['./src', './seed', './scripts', './integrations', './bench'], message: 'functions/ never imports src/.' },
            { target: './src/lib', from: ['./functions'], message: 'src/lib runs in the browser: take types and rules from core/.' },
            { target: './src/islands', from: ['./functions'], message: 'islands run in the browser: take types and rules from core/.' },
            { target: './src/stores', from: ['./functions'], message: 'stores run in the browser: take types and rules from core/.' },
          ],
        },
      ],
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
