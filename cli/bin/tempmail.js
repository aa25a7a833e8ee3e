#!/usr/bin/env node
// The `tempmail` command. Runs the compiled CLI (cli/dist, made by `npm run build`) when it
// exists; otherwise the TypeScript sources through tsx, with the `source` condition so
// @tempmail/sdk resolves to its sources too: `npx tempmail` works on a fresh clone right
// after `npm install`, before any build. TEMPMAIL_CLI_SOURCE=1 picks the sources even
// when built, so a stale cli/dist cannot hide a change being worked on.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/main.js', import.meta.url);

if (existsSync(compiled) && !process.env.TEMPMAIL_CLI_SOURCE) {
  await import(compiled.href);
} else {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      import.meta.resolve('tsx'),
      fileURLToPath(new URL('../src/main.ts', import.meta.url)),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  // Ctrl-C reaches the child through the terminal's process group; this process only
  // waits for it, so the exit code (130 after Ctrl-C) is the child's.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
  });
}
