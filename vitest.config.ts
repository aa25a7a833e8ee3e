import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (the "source" export condition),
  // so tests never need a build first. The rest are Vite's default server conditions.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    include: [
      'api/test/**/*.test.ts',
      'sdk/test/**/*.test.ts',
      'cli/test/**/*.test.ts',
      'tests/**/*.test.ts',
      'dashboard/test/**/*.test.ts',
    ],
    testTimeout: 20_000,
    // Hooks start servers (tsx compiles them first): on a busy machine that can take a minute.
    hookTimeout: 120_000,
    // expect.poll waits for behaviour, not speed: a busy 2-core machine (a browser, a server
    // and the test runner) can need more than Vitest's default second.
    expect: { poll: { timeout: 5_000 } },
    // Two cores: more workers only add contention.
    maxWorkers: 2,
  },
});
