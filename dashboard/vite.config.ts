import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

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
 * the dialogs, load it.
 */
const APP_DATA =
  /node_modules[\\/]@tanstack[\\/]|sdk[\\/]src[\\/]|dashboard[\\/]src[\\/](features[\\/]account[\\/](app-queries|user-query)|shared[\\/](create-query-client|create-api-client))\./;

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    // Texts and content are fetched by URL (fetchJsonFiles): a small file inlined as a data:
    // URL would be refused by the page's Content-Security-Policy (connect-src 'self').
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in one file cached across pages and releases of the app.
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            // TanStack Query and the SDK, kept apart so a content page never loads them.
            // Not their dependencies: the page shell's own modules (the user store) stay with it.
            {
              name: 'app-data',
              test: APP_DATA,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The app's small modules that many pages share, in one file rather than a dozen.
            { name: 'shared', test: /dashboard[\\/]src[\\/]/, minShareCount: 3, priority: 1 },
          ],
        },
      },
    },
  },
});
