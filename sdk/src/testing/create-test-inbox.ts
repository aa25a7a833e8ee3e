import { createTempMailClient } from '../create-client.js';
import type { Client } from '../generated/client/index.js';
import { generateEmail } from '../generated/sdk.gen.js';
import type { ExtractedLink, MessageSummary } from '../generated/types.gen.js';
import { unwrap } from '../unwrap-result.js';
import { waitForCode, waitForLink } from '../wait-for-code.js';
import { waitForMessage, type WaitForMessageOptions } from '../wait-for-message.js';

/** The server a test inbox is made on when neither `baseUrl` nor `TEMPMAIL_URL` says. */
export const DEFAULT_TEMPMAIL_URL = 'http://localhost:8080';

export interface TestInboxOptions {
  /** The TempMail server. Default: `TEMPMAIL_URL`, else `http://localhost:8080`. */
  baseUrl?: string;
  /**
   * A Pro API token (`tm_…`) to make the address with: it then lives as long as the Pro
   * pass and counts against the user's Pro limits. Default: `TEMPMAIL_API_TOKEN` when set,
   * else none (a free address, made anonymously).
   */
  token?: string;
  fetch?: typeof fetch;
  /** Aborting it ends every wait of this inbox still under way, e.g. at a test's teardown. */
  signal?: AbortSignal;
}

/**
 * What a wait on a test inbox takes: `waitForMessage`'s options that mean something on one
 * address (its long poll has no stream, polling interval or mode to tune).
 */
export type TestInboxWaitOptions = Pick<
  WaitForMessageOptions,
  'match' | 'timeout' | 'signal' | 'skipExisting'
>;

/** A new address, and waits bound to it. */
export interface TestInbox {
  /** The address to type into the form under test. */
  address: string;
  /** The mailbox token, which reads this address only. */
  token: string;
  /** When the server deletes the address and its mail (ISO 8601). */
  expiresAt: string;
  /** A client with the mailbox token, for the SDK's other calls (`getMessage`…). */
  client: Client;
  waitForMessage(options?: TestInboxWaitOptions): Promise<MessageSummary>;
  waitForCode(options?: TestInboxWaitOptions): Promise<{ code: string; message: MessageSummary }>;
  waitForLink(
    options?: TestInboxWaitOptions,
  ): Promise<{ link: ExtractedLink; message: MessageSummary }>;
}

/**
 * Makes a fresh address for one test (`POST /v1/generate-email`). Its waits use the server's
 * long poll on that address: one request a minute at most, answered as soon as the mail is
 * stored, so a test costs its waits one request each, not a polling loop. Rejects with the
 * server's `TempMailError` when it refuses, e.g. 429 once the client IP has made its
 * budget of new addresses (5 a minute by default).
 */
export async function createTestInbox(options: TestInboxOptions = {}): Promise<TestInbox> {
  // A test running in a browser (Vitest's browser mode) has no environment to read.
  const env = typeof process === 'undefined' ? {} : process.env;
  const baseUrl = options.baseUrl ?? (env.TEMPMAIL_URL || DEFAULT_TEMPMAIL_URL);
  const proToken = options.token ?? (env.TEMPMAIL_API_TOKEN || undefined);
  const { address, token, expiresAt } = await unwrap(
    generateEmail({
      client: createTempMailClient({ baseUrl, token: proToken, fetch: options.fetch }),
      signal: options.signal,
    }),
  );
  const client = createTempMailClient({ baseUrl, token, fetch: options.fetch });
  const bound = (wait: TestInboxWaitOptions): WaitForMessageOptions => {
    const signals = [options.signal, wait.signal].filter((signal) => signal !== undefined);
    return {
      ...wait,
      mailbox: address,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    };
  };
  return {
    address,
    token,
    expiresAt,
    client,
    waitForMessage: (wait = {}) => waitForMessage(client, bound(wait)),
    waitForCode: (wait = {}) => waitForCode(client, bound(wait)),
    waitForLink: (wait = {}) => waitForLink(client, bound(wait)),
  };
}
