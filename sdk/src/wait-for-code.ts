import type { Client } from './generated/client/index.js';
import type { ExtractedLink, MessageSummary } from './generated/types.gen.js';
import { TempMailTimeoutError } from './tempmail-errors.js';
import { toPredicate, waitForMessage, type WaitForMessageOptions } from './wait-for-message.js';

/**
 * Waits as `waitForMessage` does for the first matching message that also has what `has`
 * asks for. The server finds codes and links once, when the message arrives, and lists them
 * on every summary: no message needs reading to know.
 */
async function waitForMessageWith(
  client: Client,
  wanted: { what: string; has: (message: MessageSummary) => boolean },
  options: WaitForMessageOptions,
): Promise<MessageSummary> {
  const matches = toPredicate(options.match);
  // The from and subject strings alone, free to test: the caller's own predicate (a function,
  // or `where`) may cost a request, so it runs only on messages that have the code or link.
  const { match } = options;
  const cheap = match === undefined || (typeof match !== 'function' && match.where === undefined);
  // A match without the code or link, kept so that a timeout can say it came.
  let lastWithout: MessageSummary | undefined;
  try {
    return await waitForMessage(client, {
      ...options,
      match: async (message) => {
        if (wanted.has(message)) return matches(message);
        if (cheap && (await matches(message))) lastWithout = message;
        return false;
      },
    });
  } catch (error) {
    if (!(error instanceof TempMailTimeoutError) || lastWithout === undefined) throw error;
    throw new TempMailTimeoutError(error.timeout, error.cause, {
      what: wanted.what,
      subject: lastWithout.subject,
    });
  }
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
  const message = await waitForMessageWith(
    client,
    { what: 'a code', has: (m) => m.codes.length > 0 },
    options,
  );
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
  const message = await waitForMessageWith(
    client,
    { what: 'a link', has: (m) => m.link !== null },
    options,
  );
  return { link: message.link!, message };
}
