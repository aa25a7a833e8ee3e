import { expect } from 'vitest';
import { parseMessage } from '../../src/ingest/parse-message.js';

export interface Outbox {
  outbox(): { file: string; text: string }[];
}

/** The mails written to `email` so far, read as a mail client would, oldest first. */
export async function mailsTo(test: Outbox, email: string) {
  const mails = await Promise.all(
    test.outbox().map((entry) => parseMessage(new Uint8Array(Buffer.from(entry.text)))),
  );
  return mails.filter((mail) => mail.to.some((to) => to.address === email.toLowerCase()));
}

/** The tokens of the links to `path` (`/sign-in`, `/confirm-email`) mailed to `email`, oldest first. */
async function linksMailedTo(test: Outbox, email: string, path: string): Promise<string[]> {
  const pattern = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`);
  return (await mailsTo(test, email)).flatMap((mail) => pattern.exec(mail.text)?.[1] ?? []);
}

/**
 * The token of the link to `path` that `action` has mailed to `email`. Some links are mailed
 * after the answer went out (a sign-in link within a second), so this waits up to 5 s for a
 * link it had not seen before.
 */
export async function linkMailedBy(
  test: Outbox,
  email: string,
  path: string,
  action: () => Promise<unknown>,
): Promise<string> {
  const before = (await linksMailedTo(test, email, path)).length;
  await action();
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const links = await linksMailedTo(test, email, path);
    if (links.length > before) return links.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect.fail(`no new ${path} link was mailed to ${email}`);
}
