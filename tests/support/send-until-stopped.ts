import nodemailer from 'nodemailer';
import type { RunningServer } from './start-server.js';

/** How long the server may take to acknowledge the messages asked for before the kill. */
const ACKNOWLEDGE_TIMEOUT_MS = 60_000;

interface SteadyLoad {
  /** Subjects of the messages that got a 250. */
  acknowledged: Set<string>;
  /** Whether every connection has stopped sending (done, or the server is gone). */
  readonly finished: boolean;
  /** Why the first connection that stopped early stopped. */
  readonly firstError: unknown;
  /** Stops sending and waits for the messages in flight. */
  stop(): Promise<void>;
}

/**
 * Sends numbered messages (`{prefix}-{n}`) over `connections` reused SMTP connections until
 * stopped or `maxMessages` are sent, `pauseMs` apart on each connection. A connection stops
 * at its first failure (the server was killed); `acknowledged` holds what got its 250.
 */
function sendUntilStopped(
  smtpPort: number,
  to: string,
  options: { prefix: string; connections: number; maxMessages: number; pauseMs?: number },
): SteadyLoad {
  const acknowledged = new Set<string>();
  let stopped = false;
  let finished = false;
  let firstError: unknown;
  let next = 0;
  const digits = String(options.maxMessages - 1).length;
  const transports = Array.from({ length: options.connections }, () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
    }),
  );
  const workers = transports.map(async (transport) => {
    while (!stopped && next < options.maxMessages) {
      const subject = `${options.prefix}-${String(next++).padStart(digits, '0')}`;
      try {
        await transport.sendMail({
          from: 'load@sender.example',
          to,
          subject,
          text: `Body of ${subject}.`,
        });
        acknowledged.add(subject);
      } catch (error) {
        firstError ??= error;
        return; // the server is gone
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  const settled = Promise.allSettled(workers).then(() => {
    finished = true;
  });
  return {
    acknowledged,
    get finished() {
      return finished;
    },
    get firstError() {
      return firstError;
    },
    async stop() {
      stopped = true;
      await settled;
      for (const transport of transports) transport.close();
    },
  };
}

/**
 * A crash under load: sends as sendUntilStopped does, waits until `acknowledgedBeforeKill`
 * messages got their 250, SIGKILLs the server at a random moment between `killBetweenMs[0]`
 * and `killBetweenMs[1]` after that (one the test does not choose), and resolves with the
 * subjects acknowledged before the kill. The window opens on acknowledgements, not on a clock:
 * on a busy machine the first messages can take seconds, and the kill must still land mid-stream.
 */
export async function killDuringLoad(
  server: RunningServer,
  to: string,
  options: Parameters<typeof sendUntilStopped>[2] & {
    acknowledgedBeforeKill: number;
    killBetweenMs: [number, number];
  },
): Promise<string[]> {
  const load = sendUntilStopped(server.smtpPort, to, options);
  const deadline = Date.now() + ACKNOWLEDGE_TIMEOUT_MS;
  while (load.acknowledged.size < options.acknowledgedBeforeKill) {
    if (load.finished || Date.now() > deadline) {
      await load.stop();
      const why = load.finished
        ? `the load stopped: ${String(load.firstError)}`
        : `still waiting after ${ACKNOWLEDGE_TIMEOUT_MS} ms`;
      throw new Error(
        `${load.acknowledged.size} of the ${options.acknowledgedBeforeKill} messages wanted before the kill were acknowledged (${why})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [earliest, latest] = options.killBetweenMs;
  await new Promise((resolve) =>
    setTimeout(resolve, earliest + Math.random() * (latest - earliest)),
  );
  await server.kill();
  await load.stop();
  return [...load.acknowledged];
}
