import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { shakeI18next } from './scripts/shake-i18next.js';

// The server the dev server forwards API calls to (`npm run dev` at the repository root).
const apiTarget = 'http://127.0.0.1:8080';
const apiPaths = [
  '/api',
  '/v1',
  '/domains',
  '/accounts',
  '/token',
  '/me',
  '/messages',
  '/sources',
  '/.well-known',
  '/healthz',
  '/readyz',
];

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|use-sync-external-store|cookie|set-cookie-parser)[\\/]/;
/**
 * The app's data layer: TanStack Query, the SDK, and our modules that set them up (which
 * the `shared` group would otherwise put on every page). Only pages that call the API, and
 * the dialogs, load it; so it also takes the one widget only they use, the copy button.
 */
const APP_DATA =
  /node_modules[\\/]@tanstack[\\/]|sdk[\\/]src[\\/]|dashboard[\\/]src[\\/](features[\\/]account[\\/](app-queries|user-query)|shared[\\/](create-query-client|create-api-client|ui[\\/]copy-button))\./;

/**
 * react-router's package points every import at its development build (the same code with
 * its warnings switched on); its production build sits beside it.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(import.meta.resolve('react-router')).replace(
  `${path.sep}development${path.sep}`,
  `${path.sep}production${path.sep}`,
);

/**
 * Lets the bundler drop the parts of react-router this app never uses (data routers, forms,
 * prefetching): about 8 KB of gzip on every page (ADR 0027). Its one module makes its
 * contexts and components at the top level, through React's factories, and then sets their
 * `displayName` for React's developer tools; a call not marked pure and a property written
 * there each keep what they touch. The factories have no side effects, so their calls are
 * marked pure, and the names go. For builds only: the dev server keeps the warnings.
 */
function shakeReactRouter(): Plugin {
  return {
    name: 'shake-react-router',
    apply: 'build',
    config: () => ({ resolve: { alias: { 'react-router': REACT_ROUTER_PRODUCTION } } }),
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]/ },
      handler: (code) => ({
        code: code
          .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/\b(React\d*\.(?:createContext|forwardRef|memo)\()/g, '/* @__PURE__ */ $1'),
        map: null,
      }),
    },
  };
}

/** The page's entry module (index.html's script). */
const isEntry = (id: string) => /[\\/]src[\\/]main\.tsx$/.test(id);

/** The modules the entry imports, directly or not, without a dynamic import on the way. */
const shellModules = new Set<string>();

/**
 * Fills `shellModules` once the module graph is known, for the `shell` group: every page
 * runs these before anything else. Left to itself, Rolldown (1.2) gives a module that the
 * entry and a lazily loaded page both import a file of its own, although the page only
 * runs after the entry (rolldown/rolldown#10731): four small files on every page, each with
 * its own import and export glue (ADR 0027).
 */
function collectShellModules(): Plugin {
  return {
    name: 'collect-shell-modules',
    apply: 'build',
    buildEnd() {
      // Afresh on each build: a rebuild in watch mode may have dropped an import.
      shellModules.clear();
      const entry = [...this.getModuleIds()].find(isEntry);
      const pending = entry ? [entry] : [];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/** V8's explicit compile hint for a whole file: compile every function of it up front. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks every page runs at load (the entry and the chunks it imports statically)
 * with COMPILE_HINT, their first line. Chromium then compiles all their functions while the
 * file streams in, on a background thread, instead of each one on its first call inside the
 * evaluation of the module graph: one main-thread task of 70-200 ms on this project's host,
 * mostly that compilation, which hydration waits behind and Lighthouse's phone makes four
 * times longer (measured with and without in ADR 0028). The pages' own chunks and the
 * app's lazily loaded code are left to V8's lazy compilation.
 */
function hintEagerCompilation(): Plugin {
  return {
    name: 'hint-eager-compilation',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle: {
      // After Vite's own additions to a chunk's start (its preload helper's file list).
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap((file) =>
            file.type === 'chunk' ? [[file.fileName, file] as const] : [],
          ),
        );
        const pending = [...chunks.values()].filter((chunk) => chunk.isEntry);
        const hinted = new Set<string>();
        while (pending.length > 0) {
          const chunk = pending.pop()!;
          if (hinted.has(chunk.fileName)) continue;
          hinted.add(chunk.fileName);
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          pending.push(...chunk.imports.flatMap((name) => chunks.get(name) ?? []));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    shakeReactRouter(),
    shakeI18next(),
    collectShellModules(),
    hintEagerCompilation(),
  ],
  // The sdk is bundled from its TypeScript sources, so the app never needs `tsc -b sdk` first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget }])),
  },
  // The manifest tells the prerender which chunks each page needs (its modulepreload links).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser we support preloads modules itself (Safari since 17, Firefox since 115);
    // an older one still runs the page, fetching its chunks one after another.
    modulePreload: { polyfill: false },
    // Texts and content are fetched by URL (fetchJsonFiles): a small file inlined as a data:
    // URL would be refused by the page's Content-Security-Policy (connect-src 'self').
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in one file cached across pages and releases of the app.
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            // What the entry imports: the page shell (header, footer, routes, i18n set-up).
            // Not the entry itself: the page's script tag and Vite's manifest name its chunk.
            {
              name: 'shell',
              test: (id: string) => shellModules.has(id) && !isEntry(id),
              priority: 1.5,
              includeDependenciesRecursively: false,
            },
            // TanStack Query and the SDK, kept apart so a content page never loads them.
            // Not their dependencies: the page shell's own modules (the user store) stay with it.
            {
              name: 'app-data',
              test: APP_DATA,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The inbox's and the address's modules that the home page shares with code it
            // loads later (the message view, the selection bar, the history), in one file
            // rather than several small ones.
            {
              name: 'mail',
              test: /dashboard[\\/]src[\\/]features[\\/](inbox|address)[\\/]/,
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The app's small modules that many pages share, in one file rather than a dozen.
            // Not the inbox's and the address's: they call the API, and every page would
            // then load the app's data layer with this file.
            {
              name: 'shared',
              test: /dashboard[\\/]src[\\/](?!features[\\/](inbox|address)[\\/])/,
              minShareCount: 3,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
