import { createTempMailClient, type Client } from '@tempmail/sdk';

/**
 * A client for the server this page came from: the app is served on the API's own origin
 * (and the Vite dev server proxies the same paths), so no URL is configured anywhere.
 */
export function createApiClient(token?: string): Client {
  return createTempMailClient({ baseUrl: window.location.origin, token });
}
