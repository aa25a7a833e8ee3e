import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.js';

export interface RunningServer {
  readonly url: string;
  readonly smtpPort: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /**
   * Resolves with the exit code once the process has ended, sending nothing: for a test that
   * signalled it itself (a second SIGTERM could land while Node is exiting, and kill it).
   */
  waitForExit(): Promise<number | null>;
  /** Kills the process at once (SIGKILL), as a crash or power loss would. */
  kill(): Promise<void>;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** Reuse a data folder (a restart); otherwise a fresh one is made and removed on stop. */
  dataDir?: string;
  /** Run the compiled server (api/dist, as `npm start` does) instead of the sources. */
  built?: boolean;
  /** Extra node flags, e.g. `--cpu-prof` to profile the server. */
  nodeArgs?: string[];
  /** Listen on these ports (a node restarted where its clients expect it); else free ones. */
  httpPort?: number;
  smtpPort?: number;
  /** How long /healthz may take to answer: 60 s unless given (tsx compiles on a busy machine). */
  readyTimeoutMs?: number;
}

/**
 * Node flags the server runs with, here as in `npm start` and the Dockerfile (a test keeps
 * the three equal): V8's young generation held to 4 MB semi-spaces (ADR 0009).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;

/** A TCP port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (api/src/main.ts) as a child process on free ports with its own
 * data folder, and waits until /healthz answers.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-server-'));
  // A free port can be taken by another test process before the server binds it: when the
  // ports were ours to choose, choose again.
  for (let attempt = 1; ; attempt += 1) {
    const port = options.httpPort ?? (await freePort());
    const smtpPort = options.smtpPort ?? (await freePort());
    try {
      return await launch(options, { port, smtpPort, dataDir, ownsDataDir });
    } catch (error) {
      const chosen = options.httpPort === undefined && options.smtpPort === undefined;
      if (!chosen || attempt >= 3 || !String(error).includes('EADDRINUSE')) {
        if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

async function launch(
  options: StartOptions,
  where: { port: number; smtpPort: number; dataDir: string; ownsDataDir: boolean },
): Promise<RunningServer> {
  const { port, smtpPort, dataDir, ownsDataDir } = where;
  const entry = options.built ? ['api/dist/main.js'] : ['--import', 'tsx', 'api/src/main.ts'];
  const flags = [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...flags, ...entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(port),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // After 'exit' the pipes may still hold the last lines, often the reason it exited.
  const outputClosed = new Promise((resolve) => child.once('close', resolve));

  const url = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await outputClosed;
      const how = child.signalCode ?? `code ${child.exitCode}`;
      throw new Error(`server exited early (${how}):\n${output}`);
    }
    try {
      // A server that accepts the connection but is too busy to answer must not hold this
      // loop past its deadline.
      const left = Math.max(1, Math.min(5_000, deadline - Date.now()));
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(left) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await outputClosed;
      throw new Error(`server did not answer /healthz within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    smtpPort,
    dataDir,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    waitForExit: () => exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
