import { createTempMailClient, paceRequests, type Client } from '@tempmail/sdk';
import i18next from 'i18next';

/**
 * A call that says the language the page shows: the server writes what it sends for it (a
 * sign-in link's mail, a forwarding confirmation, the checkout) in that language, even
 * where the browser's own languages differ.
 */
function inPageLanguage(input: RequestInfo | URL, init?: RequestInit): Request {
  const request = new Request(input, init);
  if (i18next.language) request.headers.set('Accept-Language', i18next.language);
  return request;
}

/**
 * Every call this page makes, in one queue: the mail.tm surface allows 8 requests per second
 * per IP, and a page that opens messages, reads their images and marks them seen could ask
 * for more in a burst. Six a second leaves room for the event stream, which the browser
 * opens on its own, and for requests that reach the server a little later than they left.
 * A 429 that still comes (another tab on the same IP) is waited out by the SDK's client.
 */
const pacedFetch = paceRequests((input, init) => globalThis.fetch(inPageLanguage(input, init)), {
  requests: 6,
  perMs: 1_000,
});

/**
 * A client for the server this page came from: the app is served on the API's own origin
 * (and the Vite dev server proxies the same paths), so no URL is configured anywhere.
 */
export function createApiClient(token?: string): Client {
  return createTempMailClient({ baseUrl: window.location.origin, token, fetch: pacedFetch });
}
