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

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The sdk is bundled from its TypeScript sources, so the app never needs `tsc -b sdk` first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget }])),
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
