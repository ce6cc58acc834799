import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Two builds from one config (see docs/data-contract.md §5):
// - client: `vite build` → dist/client, hashed files under assets/, manifest at
//   dist/client/.vite/manifest.json keyed by source paths relative to web/;
// - server: `vite build --ssr src/entry-server.tsx --outDir dist/server` → one CommonJS
//   script, entry-server.cjs, that the prerender worker compiles with a V8 code cache
//   (scripts/code-cache.mjs), its dependencies bundled in (see below).

/** A file of react-router's production build (its package exports only the development one). */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Options and modes of React Router's data router this app never uses, each as an exact
 * piece of its production build and what it becomes: the condition that turns the
 * feature on, made false, so the minifier drops the code behind it (about 2 KB gzip of
 * the home page's JavaScript). The app creates its router in app/start-client.tsx
 * without instrumentations, `patchRoutesOnNavigation` or window hydration data; no
 * route has middleware; nothing navigates with `viewTransition`; it is not a React
 * Server Components app. Each piece must occur exactly `count` times, or the build
 * fails: a new React Router release cannot silently turn a feature back on or off.
 */
const reactRouterUnusedFeatures: { feature: string; from: string; to: string; count: number }[] = [
  {
    feature: 'instrumentations (createRouter)',
    from: 'if (init.instrumentations) {',
    to: 'if (false) {',
    count: 2,
  },
  { feature: 'route discovery (patchRoutesOnNavigation)', from: 'init.patchRoutesOnNavigation', to: 'undefined', count: 6 },
  {
    feature: 'hydration data read from window.__staticRouterHydrationData',
    from: 'hydrationData: opts?.hydrationData || parseHydrationData(),',
    to: 'hydrationData: opts?.hydrationData,',
    count: 2,
  },
  {
    feature: 'route middleware',
    from: 'let dataStrategyImpl = init.dataStrategy || defaultDataStrategyWithMiddleware;',
    to: 'let dataStrategyImpl = init.dataStrategy || defaultDataStrategy;',
    count: 1,
  },
  {
    feature: 'route middleware (dataStrategy helper)',
    from: '} : (cb) => {\n    let typedDataStrategyArgs = dataStrategyArgs;\n',
    to: '} : () => {\n    throw new Error("React Router middleware is left out of this build (vite.config.ts)");\n',
    count: 1,
  },
  {
    feature: 'React Server Components (hooks)',
    from: 'function useIsRSCRouterContext() {\n  return React.useContext(RSCRouterContext);\n}',
    to: 'function useIsRSCRouterContext() {\n  return false;\n}',
    count: 1,
  },
  {
    feature: 'React Server Components (error digests)',
    from: 'if (this.context && typeof error === "object"',
    to: 'if (false && typeof error === "object"',
    count: 1,
  },
  {
    feature: 'React Server Components (error redirects)',
    from: 'if (this.context) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler',
    to: 'if (false) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler',
    count: 1,
  },
  {
    feature: 'view transitions (RouterProvider state updates)',
    from: 'if (!viewTransitionOpts || !isViewTransitionAvailable) {',
    to: 'if (true) {',
    count: 1,
  },
  {
    // No useFetcher, useSubmit with a fetcher key or <fetcher.Form>: nothing calls
    // router.fetch; should something, it fails loudly instead of doing nothing.
    feature: 'fetchers (router.fetch)',
    from: '    fetch: fetch2,\n',
    to: '    fetch: () => {\n      throw new Error("React Router fetchers are left out of this build (vite.config.ts)");\n    },\n',
    count: 1,
  },
  {
    feature: 'route patching (router.patchRoutes)',
    from: '    patchRoutes,\n',
    to: '    patchRoutes: () => {\n      throw new Error("React Router route patching is left out of this build (vite.config.ts)");\n    },\n',
    count: 1,
  },
  {
    // No <Form>, useSubmit or navigate with formData/body: navigations are plain GETs.
    feature: 'form submissions (navigate options)',
    from: '  if (!opts || !isSubmissionNavigation(opts)) {\n    return { path };\n  }\n',
    to:
      '  if (!opts || !isSubmissionNavigation(opts)) {\n    return { path };\n  }\n' +
      '  throw new Error("React Router form submissions are left out of this build (vite.config.ts)");\n',
    count: 1,
  },
  {
    feature: 'form submissions (actions)',
    from: '} else if (opts && opts.submission && isMutationMethod(opts.submission.formMethod)) {',
    to: '} else if (false) {',
    count: 1,
  },
  {
    // No useBlocker or unstable_usePrompt: no navigation is ever blocked.
    feature: 'navigation blockers',
    from: 'let blockerKey = shouldBlockNavigation({',
    to: 'let blockerKey = void ({',
    count: 2,
  },
  {
    feature: 'view transitions (RouterProvider effects)',
    from: 'if (renderDfd && pendingState && router.window) {',
    to: 'if (false) {',
    count: 1,
  },
];

/**
 * Lets the bundler drop what of React Router the app never uses (`<Link>`, `<Form>`,
 * `<HistoryRouter>` and their framework-mode helpers: about 4 KB gzip on every first
 * load; then the features of {@link reactRouterUnusedFeatures}). Its build defines
 * components with unannotated top-level calls (`var Link = React.forwardRef(…)`) and
 * names them for React's developer tools (`Link.displayName = "Link"`): a bundler must
 * assume both have side effects and keep them. The calls are marked pure, as they are,
 * and the names dropped, which changes nothing but what the developer tools show.
 */
function reactRouterTreeShakable(): Plugin {
  return {
    name: 'react-router-tree-shakable',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]+\.mjs$/.test(id)) return null;
      let shakable = code
        .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      // Only the chunk of the data router and its components holds these features.
      if (!shakable.includes('function createRouter(')) return { code: shakable, map: null };
      for (const { feature, from, to, count } of reactRouterUnusedFeatures) {
        const found = shakable.split(from).length - 1;
        if (found !== count) {
          this.error(
            `react-router-tree-shakable: expected ${count} × ${JSON.stringify(from)} (${feature}) in ${id}, found ${found}: ` +
              'update reactRouterUnusedFeatures in vite.config.ts for this React Router release',
          );
        }
        shakable = shakable.replaceAll(from, to);
      }
      return { code: shakable, map: null };
    },
  };
}

/**
 * Makes each `(await import('…'))` of the sources a static import, in the server bundle
 * only. That is how a module loads on the server, before the first render, what the
 * client fetches only near the viewport. The server bundle is one script, whose code V8
 * can cache with the functions compiled while rendering; a script has no top-level
 * await, so it has no such import left (should one remain, the build fails on it).
 */
function serverImportsStatic(): Plugin {
  const awaitedImport = /\(await import\((['"])([^'"]+)\1\)\)/g;
  return {
    name: 'server-imports-static',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('await import(')) return null;
      const imports: string[] = [];
      const rewritten = code.replace(awaitedImport, (_match, _quote, specifier: string) => {
        const name = `__serverImport${imports.length}`;
        imports.push(`import * as ${name} from ${JSON.stringify(specifier)};`);
        return name;
      });
      if (imports.length === 0) return null;
      return { code: imports.join('\n') + '\n' + rewritten, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), serverImportsStatic()] : [react(), reactRouterTreeShakable()],
  // Both builds take react-router's production build (no development warnings).
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
    ],
  },
  // The server bundle carries its dependencies, tree-shaken and in their production
  // builds: left to Node, every worker spent a third of a second loading them (the
  // CommonJS lexer over react-dom, every lucide icon, react-router's development build).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        target: 'node20',
        copyPublicDir: false,
        rolldownOptions: { output: { format: 'cjs', codeSplitting: false, entryFileNames: '[name].cjs' } },
      }
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
        rolldownOptions: {
          input: 'src/entry-client.tsx',
          // React, React DOM and the router in one chunk: every page loads all three
          // after its first paint, and as one file they cost less than three (the home
          // page's first load is 0.8 KB gzip lighter and two requests shorter).
          output: {
            codeSplitting: {
              groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }],
            },
          },
        },
      },
}));
