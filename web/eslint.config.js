import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { LAYERS } from './eslint/layers.js';
import moduleGraph from './eslint/module-graph.js';

export default defineConfig([
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The module graph: no cycles (each file's dependencies load first), and each
    // layer imports only the layers below it, as bulletproof-react lays out; tests
    // may reach anything.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'module-graph': moduleGraph },
    rules: { 'module-graph/no-cycle': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/__tests__/**', 'src/testing/**'],
    plugins: { 'module-graph': moduleGraph },
    rules: {
      'module-graph/layers': ['error', { root: path.join(import.meta.dirname, 'src'), layers: LAYERS }],
    },
  },
  {
    // The editor is an app of its own (vite.editor.config.ts): the site's entries, outside
    // the layers, must not pull it into the site's bundles either.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/editor/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)editor(/|$)', message: 'The editor is built apart from the site.' }],
          // The site's build leaves React Router's blockers out (vite.config.ts).
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['useBlocker', 'unstable_usePrompt'],
              message: "The site's build leaves navigation blockers out (reactRouterUnusedFeatures in vite.config.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright fixtures take a `use` callback: not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['vite.config.ts', 'vite.editor.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'e2e/**/*.ts', 'src/entry-server.tsx'],
    languageOptions: { globals: { ...globals.node } },
  },
]);
