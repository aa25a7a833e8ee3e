// The entry point of `tempmail` (bin/tempmail.js runs it): wires the process to runCli.
import { ExitCode } from './exit-codes.js';
import { runCli } from './run-cli.js';

const interrupt = new AbortController();
// The first Ctrl-C stops the command cleanly (streams closed, exit 130, or 0 for `watch`);
// a second one ends the process at once.
process.once('SIGINT', () => {
  interrupt.abort();
  process.once('SIGINT', () => process.exit(ExitCode.interrupted));
});

// A reader that stops early (`tempmail watch | head -1`) closes the pipe, and the next write
// fails with EPIPE, which unhandled ends Node with a stack trace. No one reads the output any
// more: stop as Ctrl-C stops, and exit 0, since whoever closed it had what they wanted.
let outputClosed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  outputClosed = true;
  interrupt.abort();
});
// Notes lost to a closed stderr (`2>&1 | head -1`) are no reason to stop the command.
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
});
process.exitCode = outputClosed ? ExitCode.ok : exitCode;
