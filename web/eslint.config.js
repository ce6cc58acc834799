import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const LAYERS = [['lib', 'config'], ['content'], ['components'], ['forms'], ['pages'], ['app']];

/** One zone per layer: it may not import from any layer above it. */
function layerZones() {
  return LAYERS.flatMap((layer, index) =>
    layer.map((folder) => ({
      target: `./src/${folder}`,
      from: LAYERS.slice(index + 1)
        .flat()
        .map((above) => `./src/${above}`),
      message: `src/${folder} is below ${LAYERS.slice(index + 1).flat().join(', ')}: move the shared code down a layer.`,
    })),
  ).filter((zone) => zone.from.length > 0);
}

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
    // part imports only the parts below it, as bulletproof-react lays out.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The layers, lowest first: lib and config < content < components < forms < pages <
    // app. A layer imports only from the layers below it; tests may reach anything.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/__tests__/**', 'src/testing/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
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
    files: ['vite.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'e2e/**/*.ts', 'src/entry-server.tsx'],
    languageOptions: { globals: { ...globals.node } },
  },
]);
