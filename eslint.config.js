import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** A package may use another only through its published entry point, never by relative path. */
const packageBoundary = {
  group: ['**/../sdk/**', '**/../api/**', '**/../cli/**', '**/../dashboard/**'],
  message: 'Import the package (@tempmail/...) instead of its files.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-test/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'sdk/src/generated/**',
      'openapi/operations.d.ts',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The dashboard's app code runs in the browser.
    files: ['dashboard/src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Benchmarks report their figures on stdout.
    files: ['tests/bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['api/**', 'sdk/**', 'cli/**', 'dashboard/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageBoundary] }] },
  },
  {
    // The HTTP surfaces and the ingest reach state only through the feature services and the
    // stores features/ declares, never the storage that implements them (types included).
    // A later block for the same files replaces the rule's options, so the package boundary
    // is repeated here.
    files: ['api/src/http/**', 'api/src/ingest/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageBoundary,
            {
              group: ['**/storage/**'],
              message:
                'Use the feature services (Services) and the types in features/ instead of storage.',
            },
          ],
        },
      ],
    },
  },
  {
    // The rules (features/) and the jobs that run them depend on nothing outside: not on the
    // storage that implements their stores, nor on the surfaces that call them.
    files: ['api/src/features/**', 'api/src/jobs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageBoundary,
            {
              group: ['**/storage/**', '**/http/**', '**/ingest/**'],
              message:
                'features/ declares what it needs (stores, types); storage/ and the surfaces depend on it, not the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // The dashboard's layers import one way, app -> features -> shared: app/ composes the
    // features (page table, router), so a feature or a shared piece importing it would make a
    // cycle. The package boundary is repeated for the same reason as above.
    files: ['dashboard/src/features/**', 'dashboard/src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packageBoundary,
            {
              group: ['**/app/**'],
              message:
                'features/ and shared/ must not import app/ (it imports them); move what both need into shared/.',
            },
          ],
        },
      ],
    },
  },
);
