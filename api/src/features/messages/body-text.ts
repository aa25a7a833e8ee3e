import type { Body } from './message-types.js';

// A leading byte-order mark is part of the body: TextDecoder would drop it.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A body as text, whichever form it came in. */
export function bodyText(body: Body): string {
  return typeof body === 'string' ? body : utf8.decode(body);
}
