// The soak's service: two web nodes, one SMTP node and one worker (ROLE=web|smtp|worker),
// each started as the tests start the server (tests/support/start-server.ts), on a scratch
// PostgreSQL schema and a redis-server of our own that the soak can stop and start again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScopedDatabase } from '../support/scoped-database.js';
import { freePort, startServer, type RunningServer } from '../support/start-server.js';
import { peakRssMb, rssMb, waitForPort } from './smtp-peers.js';

export type NodeName = 'web-a' | 'web-b' | 'smtp' | 'worker';

const ROLES: Record<NodeName, 'web' | 'smtp' | 'worker'> = {
  'web-a': 'web',
  'web-b': 'web',
  smtp: 'smtp',
  worker: 'worker',
};

/** Lines of a node's output kept to show when it dies. */
const TAIL_LINES = 40;
const STOP_TIMEOUT_MS = 20_000;
/** Two cores shared with the load (and whatever else runs) make a start slow. */
const READY_TIMEOUT_MS = 60_000;

export interface Crash {
  node: NodeName;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines the node wrote. */
  tail: string[];
}

/** A node's error-level log lines (pino level 50 and up), with when they were written. */
export interface ErrorLine {
  node: NodeName;
  /** performance.now() ms. */
  at: number;
  line: string;
}

function spawnRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS).unref();
  });
}

export class SoakCluster {
  private readonly nodes = new Map<NodeName, RunningServer>();
  /** Nodes being stopped on purpose: their exit is no crash. */
  private readonly stopping = new Set<ChildProcess>();
  /** Starts under way, which a stop waits for so that nothing it started survives. */
  private readonly starting = new Set<Promise<unknown>>();
  private readonly peakMb = new Map<NodeName | 'redis', number>();
  private readonly tails = new Map<NodeName, string[]>();
  readonly crashes: Crash[] = [];
  readonly errorLines: ErrorLine[] = [];
  readonly logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-soak-logs-'));
  private env: NodeJS.ProcessEnv = {};
  private redisPort = 0;
  private redis: ChildProcess | undefined;
  private database: { url: string; drop(): Promise<void> } | undefined;
  private stopped = false;

  private track<T>(promise: Promise<T>): Promise<T> {
    this.starting.add(promise);
    const done = () => this.starting.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /**
   * Starts Redis, the scratch schema and the four nodes; `env` adds to every node's
   * environment (rate limits). On failure, whatever started is stopped again.
   */
  async start(databaseUrl: string, env: NodeJS.ProcessEnv): Promise<void> {
    try {
      this.redisPort = await freePort();
      await this.track(this.startRedis());
      this.database = await this.track(createScopedDatabase(databaseUrl, 'tm_soak'));
      this.env = {
        ...env,
        DATABASE_URL: this.database.url,
        REDIS_URL: `redis://127.0.0.1:${this.redisPort}`,
        JWT_SECRET: 'soak-bench-secret-soak-bench-secret-soak',
      };
      // The first node migrates the schema; the others find it done.
      await this.startNode('web-a');
      await Promise.all([
        this.startNode('web-b'),
        this.startNode('smtp'),
        this.startNode('worker'),
      ]);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private async startRedis(): Promise<void> {
    const child = spawnRedis(this.redisPort);
    this.redis = child;
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      waitForPort(this.redisPort, child, 'redis-server').then(resolve, reject);
    });
  }

  /** The scratch schema, for reading what was stored. */
  get databaseUrl(): string {
    return this.database!.url;
  }

  node(name: NodeName): RunningServer {
    return this.nodes.get(name)!;
  }

  /** HTTP port of a node; it stays the same across a restart. */
  port(name: NodeName): number {
    return Number(new URL(this.node(name).url).port);
  }

  private async startNode(name: NodeName, ports?: { http: number; smtp: number }) {
    if (this.stopped) throw new Error(`soak stopped before ${name} started`);
    const server = await this.track(
      startServer({
        env: { ...this.env, ROLE: ROLES[name] },
        httpPort: ports?.http,
        smtpPort: ports?.smtp,
        readyTimeoutMs: READY_TIMEOUT_MS,
      }),
    );
    this.nodes.set(name, server);
    const log = fs.createWriteStream(path.join(this.logDir, `${name}.log`), { flags: 'a' });
    const tail = this.tails.get(name) ?? [];
    this.tails.set(name, tail);
    let partial = '';
    const onOutput = (chunk: Buffer) => {
      log.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        const level = /"level":(\d+)/.exec(line);
        if (!level || Number(level[1]) >= 50) {
          this.errorLines.push({ node: name, at: performance.now(), line: line.slice(0, 500) });
        }
      }
    };
    server.process.stdout?.on('data', onOutput);
    server.process.stderr?.on('data', onOutput);
    server.process.once('exit', (code, signal) => {
      log.end();
      if (this.stopping.has(server.process)) return;
      this.crashes.push({ node: name, code, signal, tail: [...tail] });
    });
    return server;
  }

  /** Peak RSS (VmHWM) of each node and of Redis so far, across restarts, in MB. */
  peakRss(): Record<string, number> {
    for (const [name, server] of this.nodes) this.notePeak(name, server.process.pid);
    this.notePeak('redis', this.redis?.pid);
    return Object.fromEntries(this.peakMb);
  }

  /** Resident memory of each node now, in MB. */
  rssNow(): Record<string, number> {
    const now: Record<string, number> = {};
    for (const [name, server] of this.nodes) now[name] = rssMb(server.process.pid);
    now.redis = rssMb(this.redis?.pid);
    return now;
  }

  private notePeak(name: NodeName | 'redis', pid: number | undefined): void {
    const mb = peakRssMb(pid);
    if (!Number.isNaN(mb)) this.peakMb.set(name, Math.max(this.peakMb.get(name) ?? 0, mb));
  }

  /** Stops redis-server (SIGTERM), waits `downMs`, starts it again on the same port. */
  async restartRedis(downMs: number, onDown: () => void, onUp: () => void): Promise<void> {
    this.notePeak('redis', this.redis?.pid);
    await stopChild(this.redis!);
    onDown();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    if (this.stopped) return;
    await this.track(this.startRedis());
    onUp();
  }

  /** SIGTERM to one node, then the same node again on the same ports once it has exited. */
  async restartNode(
    name: NodeName,
    hooks: { down(): void; exited(): void; up(): void },
  ): Promise<void> {
    const old = this.node(name);
    this.notePeak(name, old.process.pid);
    const ports = { http: this.port(name), smtp: old.smtpPort };
    this.stopping.add(old.process);
    hooks.down();
    await old.stop();
    hooks.exited();
    if (this.stopped) return;
    await this.startNode(name, ports);
    hooks.up();
  }

  /** Stops every node, Redis and the scratch schema; safe to call more than once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.allSettled([...this.starting]);
    this.peakRss();
    const nodes = [...this.nodes.values()];
    for (const server of nodes) this.stopping.add(server.process);
    await Promise.all(
      nodes.map(async (server) => {
        const killer = setTimeout(() => server.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await server.stop();
        clearTimeout(killer);
      }),
    );
    if (this.redis) await stopChild(this.redis);
    await this.database?.drop();
  }

  /** At process exit, with no time left to wait: SIGKILL whatever still runs. */
  killNow(): void {
    for (const server of this.nodes.values()) {
      if (server.process.exitCode === null) server.process.kill('SIGKILL');
    }
    if (this.redis?.exitCode === null) this.redis.kill('SIGKILL');
  }
}
