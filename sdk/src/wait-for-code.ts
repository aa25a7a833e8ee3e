import type { Client } from './generated/client/index.js';
import type { ExtractedLink, MessageSummary } from './generated/types.gen.js';
import { toPredicate, waitForMessage, type WaitForMessageOptions } from './wait-for-message.js';

/**
 * Waits as `waitForMessage` does for the first matching message that also has what `has`
 * asks for. The server finds codes and links once, when the message arrives, and lists them
 * on every summary: no message needs reading to know.
 */
function waitForMessageWith(
  client: Client,
  has: (message: MessageSummary) => boolean,
  options: WaitForMessageOptions,
): Promise<MessageSummary> {
  const matches = toPredicate(options.match);
  // The cheap test first: the caller's predicate may cost a request.
  return waitForMessage(client, {
    ...options,
    match: (message) => has(message) && matches(message),
  });
}

/**
 * The one-time code of the first matching message that has one (its likeliest, `codes[0]`),
 * with the message. A matching message without a code (a welcome mail before the one with
 * the code) is passed over. Rejects as `waitForMessage` does.
 */
export async function waitForCode(
  client: Client,
  options: WaitForMessageOptions = {},
): Promise<{ code: string; message: MessageSummary }> {
  const message = await waitForMessageWith(client, (m) => m.codes.length > 0, options);
  return { code: message.codes[0]!.value, message };
}

/**
 * The call to act (verify, sign in, reset…) of the first matching message that has one,
 * with the message. The other links are on the whole message (`getMessage`'s `links`).
 */
export async function waitForLink(
  client: Client,
  options: WaitForMessageOptions = {},
): Promise<{ link: ExtractedLink; message: MessageSummary }> {
  const message = await waitForMessageWith(client, (m) => m.link !== null, options);
  return { link: message.link!, message };
}
