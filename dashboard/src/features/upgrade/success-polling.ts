// How the payment success page waits for the payment to turn into Pro.

/** The user is read every 2 s, 10 times at most. */
export const SUCCESS_POLL_MS = 2000;
export const SUCCESS_POLL_ATTEMPTS = 10;

/** The checkout session id as the page shows it: its last 8 characters. */
export function shortSessionId(id: string): string {
  return id.slice(-8);
}
