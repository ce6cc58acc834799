import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Two builds from one config (see docs/data-contract.md §5):
// - client: `vite build` → dist/client, hashed files under assets/, manifest at
//   dist/client/.vite/manifest.json keyed by source paths relative to web/;
// - server: `vite build --ssr src/entry-server.tsx --outDir dist/server` → an ESM
//   bundle the prerender worker imports (node_modules stay external).

/** A file of react-router's production build (its package exports only the development one). */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Lets the bundler drop what of React Router the app never uses (`<Link>`, `<Form>`,
 * `<HistoryRouter>` and their framework-mode helpers: about 4 KB gzip on every first
 * load). Its build defines components with unannotated top-level calls
 * (`var Link = React.forwardRef(…)`) and names them for React's developer tools
 * (`Link.displayName = "Link"`): a bundler must assume both have side effects and keep
 * them. The calls are marked pure, as they are, and the names dropped, which changes
 * nothing but what the developer tools show.
 */
function reactRouterTreeShakable(): Plugin {
  return {
    name: 'react-router-tree-shakable',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]+\.mjs$/.test(id)) return null;
      const shakable = code
        .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      return { code: shakable, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), reactRouterTreeShakable()],
  // The client takes react-router's production build (no development warnings). The
  // server bundle leaves node_modules to Node, which resolves the package's own build.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
        ],
      },
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
