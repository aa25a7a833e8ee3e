import { createAddress, type Client } from '@tempmail/sdk';
import { ADDRESS_CREATION_ATTEMPTS, retryDelayMs } from './address-timing';
import type { PageAddress } from './page-address';
import { clockOffsetMs, toPageAddress } from './to-page-address';

/** Why no address could be made; each reason has its own message for the visitor. */
export type GenerateFailure = 'rate-limited' | 'refused' | 'unavailable';

export class GenerateAddressError extends Error {
  constructor(readonly reason: GenerateFailure) {
    super(`Address generation failed: ${reason}`);
    this.name = 'GenerateAddressError';
  }
}

export interface GenerateAddressOptions {
  client: Client;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * A new address for this browser's session (`POST /api/addresses`): the server picks the
 * name, keeps it with the session (a Pro user's with the account) and answers the token that
 * reads it. A server that did not answer or failed (5xx) is tried again with the backoff; a
 * 429 stops at once, since retrying would only prolong the limit, and any other refusal too.
 */
export async function generateAddress({
  client,
  signal,
  now = Date.now,
  sleep = sleepFor,
}: GenerateAddressOptions): Promise<PageAddress> {
  for (let attempt = 0; attempt < ADDRESS_CREATION_ATTEMPTS; attempt++) {
    const result = await createAddress({ client, signal });
    // The generated client reports an aborted fetch as an answer-less result.
    signal?.throwIfAborted();
    if (result.data) {
      // Made a moment ago: its creation time is the server's clock, to the millisecond.
      const offset = clockOffsetMs(Date.parse(result.data.createdAt), now());
      return toPageAddress(result.data, offset);
    }
    // Undefined when no answer came (network down), whatever the type says.
    const response = result.response as Response | undefined;
    if (response?.status === 429) throw new GenerateAddressError('rate-limited');
    if (response && response.status < 500) throw new GenerateAddressError('refused');
    if (attempt < ADDRESS_CREATION_ATTEMPTS - 1) await sleep(retryDelayMs(attempt), signal);
  }
  throw new GenerateAddressError('unavailable');
}
