import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import local from './scripts/lib/lint-rules.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'drizzle',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Nothing in the shared or client layers may reach into the server or the database.
    files: ['src/shared/**', 'src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['~/server/*', '~/db/*', '**/server/**', '**/db/**', 'node:*'] },
      ],
    },
  },
  {
    // The browser reads the configuration's fixed facts through src/client/lib/site-config.ts,
    // whose type leaves out what the office edits: that comes with each page (ADR 033).
    files: ['src/client/**'],
    ignores: ['src/client/lib/site-config.ts', 'src/client/test/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['~/server/*', '~/db/*', '**/server/**', '**/db/**', 'node:*'],
          paths: [
            {
              name: '@site-config',
              message:
                "Import the fixed facts from '~/client/lib/site-config'; what the office edits comes from useSiteContent().",
            },
          ],
        },
      ],
    },
  },
  {
    // Layers and features import each other only as docs/decisions/016 allows, tests included: a
    // test beside its module reaches into its own feature, never into another's.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/boundaries': 'error' },
  },
  {
    // One import style (STYLE.md): './' inside a folder, an alias across folders, tests and
    // scripts included. The scripts node runs itself (.mjs) have no aliases to write instead.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts', '*.ts'],
    plugins: { local },
    rules: { 'local/import-style': 'error' },
  },
  {
    files: ['scripts/**', 'e2e/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
