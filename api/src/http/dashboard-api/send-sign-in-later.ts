import { randomInt } from 'node:crypto';

/**
 * The longest a sign-in mail waits after its request has been answered. The work a request
 * starts (an account's link written, its mail sent) shows as a moment of a busy server; at
 * a random time within this second it no longer lines up with the request that asked, so
 * the next answer on the same connection cannot tell whether the email has an account.
 */
export const SIGN_IN_MAIL_SPREAD_MS = 1_000;

/** The mails waiting for their moment, each by its run-now; and those being sent. */
const waiting = new Set<() => Promise<void>>();
const sending = new Set<Promise<void>>();

/** Runs `send` at a random moment within SIGN_IN_MAIL_SPREAD_MS. */
export function sendSignInLater(send: () => Promise<void>): void {
  const run = () => {
    clearTimeout(timer);
    if (!waiting.delete(run)) return Promise.resolve();
    const sent = send().finally(() => sending.delete(sent));
    sending.add(sent);
    return sent;
  };
  const timer = setTimeout(() => void run(), randomInt(SIGN_IN_MAIL_SPREAD_MS));
  waiting.add(run);
}

/**
 * Sends every waiting mail now and waits for those on their way (on SIGTERM, before the
 * database closes): each was promised by a 202, and none may be lost to a stop.
 */
export async function sendWaitingSignInsNow(): Promise<void> {
  for (const run of [...waiting]) void run();
  await Promise.all([...sending]);
}
