import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../../tests/support/paths.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Extra environment; TEMPMAIL_URL and TEMPMAIL_CONFIG_DIR come from the profile. */
  env?: Record<string, string>;
  /** Written to the command's standard input, which is then closed. */
  input?: string;
  /** Ends the command with SIGTERM after this many ms, so a command that hangs fails its test. */
  timeout?: number;
}

/**
 * One user of the CLI: a config folder of their own and a server. `run` starts `tempmail`
 * from its TypeScript sources (what the launcher does before a build) as a child process,
 * with pipes for stdin, stdout and stderr, so it sees no terminal.
 */
export function cliUser(server: string) {
  const configDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-cli-')), 'config');
  const spawnCli = (args: string[], options: CliOptions = {}): ChildProcess => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'cli/src/main.ts', ...args],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: path.dirname(configDir),
          TEMPMAIL_URL: server,
          TEMPMAIL_CONFIG_DIR: configDir,
          ...options.env,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: options.timeout,
      },
    );
    child.stdin?.end(options.input ?? '');
    return child;
  };
  const run = (args: string[], options: CliOptions = {}): Promise<CliRun> =>
    new Promise((resolve, reject) => {
      const child = spawnCli(args, options);
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });
  return {
    configDir,
    configFile: path.join(configDir, 'config.json'),
    run,
    spawn: spawnCli,
    remove: () => fs.rmSync(path.dirname(configDir), { recursive: true, force: true }),
  };
}
