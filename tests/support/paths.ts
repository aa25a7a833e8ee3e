import path from 'node:path';

/** The repository root, for tests that run the project's own tools and files. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
