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

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
});
