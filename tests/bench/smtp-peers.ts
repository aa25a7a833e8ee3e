// The servers our SMTP and API figures are set beside, each started as its own process on
// 127.0.0.1.
// Peers come from the registries on first use into tests/bench/.cache (not committed).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/paths.js';
import { freePort } from '../support/start-server.js';

const cacheDir = path.join(repoRoot, 'tests/bench/.cache');

export interface Peer {
  name: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function peer(name: string, port: number, child: ChildProcess): Peer {
  return {
    name,
    port,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

/** One of the small servers in tests/bench, run from source as its own process. */
export async function startBenchScript(
  name: string,
  script: string,
  args: string[] = [],
): Promise<Peer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'tests/bench', script), String(port), ...args],
    { cwd: repoRoot, stdio: 'ignore' },
  );
  const started = peer(name, port, child);
  try {
    await waitForPort(port, child, name);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return started;
}

export function startDiscardServer(): Promise<Peer> {
  return startBenchScript('smtp-server (discard)', 'discard-smtp-server.ts');
}

/** Postfix's smtp-sink, unpacked from Debian's postfix package (never installed). */
export async function startSmtpSink(): Promise<Peer | string> {
  const root = path.join(cacheDir, 'postfix');
  const sink = path.join(root, 'usr/sbin/smtp-sink');
  if (!fs.existsSync(sink)) {
    try {
      const download = fs.mkdtempSync(path.join(os.tmpdir(), 'postfix-deb-'));
      const fetch = () =>
        execFileSync('apt-get', ['download', 'postfix'], { cwd: download, stdio: 'pipe' });
      try {
        fetch();
      } catch {
        execFileSync('apt-get', ['update'], { stdio: 'pipe' });
        fetch();
      }
      const deb = fs.readdirSync(download).find((file) => file.endsWith('.deb'))!;
      // dpkg makes the target folder but not its parents (the cache is new on a fresh clone).
      fs.mkdirSync(root, { recursive: true });
      execFileSync('dpkg', ['-x', path.join(download, deb), root]);
    } catch (error) {
      return `smtp-sink skipped: could not fetch Debian's postfix package (${String(error).split('\n')[0]})`;
    }
  }
  const port = await freePort();
  const args = [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), `127.0.0.1:${port}`, '1000'];
  const child = spawn(sink, args, {
    env: { ...process.env, LD_LIBRARY_PATH: path.join(root, 'usr/lib/postfix') },
    stdio: 'ignore',
  });
  await waitForPort(port, child, 'smtp-sink');
  return peer('postfix smtp-sink', port, child);
}

/**
 * MailDev 2.2.1, the mail catcher developers run, with its web interface (and its REST API,
 * `GET /email`) on `webPort`.
 */
export async function startMailDev(): Promise<(Peer & { webPort: number }) | string> {
  const dir = path.join(cacheDir, 'maildev');
  const bin = path.join(dir, 'node_modules/maildev/bin/maildev');
  if (!fs.existsSync(bin)) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
      execFileSync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--ignore-scripts', 'maildev@2.2.1'],
        { cwd: dir, stdio: 'pipe' },
      );
    } catch (error) {
      return `MailDev skipped: npm install maildev@2.2.1 failed (${String(error).split('\n')[0]})`;
    }
  }
  const port = await freePort();
  const web = await freePort();
  const mails = fs.mkdtempSync(path.join(os.tmpdir(), 'maildev-'));
  const child = spawn(
    process.execPath,
    [
      bin,
      '--smtp',
      String(port),
      '--web',
      String(web),
      '--ip',
      '127.0.0.1',
      '--mail-directory',
      mails,
      '--silent',
    ],
    {
      stdio: 'ignore',
    },
  );
  const stopped = peer('MailDev 2.2.1', port, child);
  try {
    await waitForPort(port, child, 'MailDev');
    await waitForPort(web, child, 'MailDev web');
  } catch (error) {
    await stopped.stop();
    fs.rmSync(mails, { recursive: true, force: true });
    return `MailDev skipped: ${String(error)}`;
  }
  return {
    ...stopped,
    webPort: web,
    async stop() {
      await stopped.stop();
      fs.rmSync(mails, { recursive: true, force: true });
    },
  };
}

function statusMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/** Peak resident memory of a process so far (VmHWM), in MB; Linux only. */
export function peakRssMb(pid: number | undefined): number {
  return statusMb(pid, 'VmHWM');
}

/** Resident memory of a process now (VmRSS), in MB; Linux only. */
export function rssMb(pid: number | undefined): number {
  return statusMb(pid, 'VmRSS');
}

/** CPU time a process has used so far, all its threads, user and system, in ms; Linux only. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // The fields after the command name, which sits in parentheses and may hold spaces.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // USER_HZ is 100 on every Linux Node runs on.
    return ticks * 10;
  } catch {
    return Number.NaN;
  }
}
