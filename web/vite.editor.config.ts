import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The content editor that `sitegen serve` opens at /_edit: an app of its own, built apart
// from the site (`npm run build:editor` → dist/editor), so that nothing of it reaches the
// site's bundles or `sitegen build`'s output. serve injects the per-run token into
// index.html and serves these files under /_edit/.
export default defineConfig({
  root: fileURLToPath(new URL('src/editor', import.meta.url)),
  base: '/_edit/',
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('dist/editor', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
  },
});
