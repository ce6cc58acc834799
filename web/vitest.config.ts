import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'eslint/**/*.test.mjs'],
    restoreMocks: true,
    // A hang guard, not a budget: the first hydration test imports the whole app, which
    // took over 5 s (the default) on a loaded 2-core machine.
    testTimeout: 30_000,
    setupFiles: ['src/testing/setup.ts'],
  },
});
