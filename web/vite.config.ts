import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds from one config (see docs/data-contract.md §5):
// - client: `vite build` → dist/client, hashed files under assets/, manifest at
//   dist/client/.vite/manifest.json keyed by source paths relative to web/;
// - server: `vite build --ssr src/entry-server.tsx --outDir dist/server` → an ESM
//   bundle the prerender worker imports (node_modules stay external).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist/client',
        assetsDir: 'assets',
        manifest: true,
        // One stylesheet for the whole site (about 9 KB gzip): a page waits for one
        // render-blocking request instead of four, and a client navigation for none.
        cssCodeSplit: false,
        // The entry is a script, not index.html: the page shell lists the modules to
        // preload and the entry links them (lib/preload-modules.ts); every supported
        // browser has modulepreload.
        modulePreload: { polyfill: false },
        rolldownOptions: { input: 'src/entry-client.tsx' },
      },
}));
