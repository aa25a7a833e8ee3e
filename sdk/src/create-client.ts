import { createClient, createConfig, type Client } from './generated/client/index.js';
import { retryRateLimited, type RateLimitRetryOptions } from './retry-rate-limited.js';

export interface TempMailClientOptions {
  /** Where the server is, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** A mailbox token from generateEmail, a Pro API token, or a mail.tm JWT. */
  token?: string;
  /** Sends cookies (the dashboard's session) with each call; for browsers on the same site. */
  withCredentials?: boolean;
  /** Sent with every call, e.g. a `User-Agent` naming the program. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * A read, PATCH or DELETE refused with 429 is sent again after the `Retry-After` the
   * server asks for (up to 10 s, 3 more tries unless told otherwise); `false` hands every
   * 429 to the caller at once. POSTs are never sent again.
   */
  retryRateLimited?: RateLimitRetryOptions | false;
}

/**
 * A client bound to one server and credential. Pass it as `client` to any operation:
 * `await getMessage({ client, path: { id } })`.
 */
export function createTempMailClient(options: TempMailClientOptions): Client {
  // globalThis.fetch is looked up at each call, as the generated client does, so a fetch
  // replaced after the client was made is still the one used.
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: options.token,
      credentials: options.withCredentials ? 'include' : 'same-origin',
      headers: options.headers,
      fetch:
        options.retryRateLimited === false
          ? options.fetch
          : retryRateLimited(send, options.retryRateLimited),
    }),
  );
}
