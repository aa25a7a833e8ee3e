import { createClient, createConfig, type Client } from './generated/client/index.js';

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
}

/**
 * A client bound to one server and credential. Pass it as `client` to any operation:
 * `await getMessage({ client, path: { id } })`.
 */
export function createTempMailClient(options: TempMailClientOptions): Client {
  return createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: options.token,
      credentials: options.withCredentials ? 'include' : 'same-origin',
      headers: options.headers,
      fetch: options.fetch,
    }),
  );
}
