import nodemailer from 'nodemailer';
import type { RunningServer } from './start-server.js';

interface SteadyLoad {
  /** Subjects of the messages that got a 250. */
  acknowledged: Set<string>;
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
      } catch {
        return; // the server is gone
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.allSettled(workers);
      for (const transport of transports) transport.close();
    },
  };
}

/**
 * A crash under load: sends as sendUntilStopped does, SIGKILLs the server at a random moment
 * between `killBetweenMs[0]` and `killBetweenMs[1]` (one the test does not choose), and
 * resolves with the subjects that got their 250 before it.
 */
export async function killDuringLoad(
  server: RunningServer,
  to: string,
  options: Parameters<typeof sendUntilStopped>[2] & { killBetweenMs: [number, number] },
): Promise<string[]> {
  const load = sendUntilStopped(server.smtpPort, to, options);
  const [earliest, latest] = options.killBetweenMs;
  await new Promise((resolve) =>
    setTimeout(resolve, earliest + Math.random() * (latest - earliest)),
  );
  await server.kill();
  await load.stop();
  return [...load.acknowledged];
}
