import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';

/**
 * The first link matching `pattern` in the newest mail the server wrote to its outbox
 * (DATA_DIR/outbox, where mail goes when no relay is configured) for `to`, read as a mail
 * client would: decoded, not grepped from the raw source. Waits for it to be written, and
 * for one other than `except` (a link mailed earlier) when given.
 */
export async function linkMailedTo(
  dataDir: string,
  to: string,
  pattern: RegExp,
  { timeoutMs = 10_000, except }: { timeoutMs?: number; except?: string } = {},
): Promise<string> {
  const folder = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(folder) ? fs.readdirSync(folder).sort().reverse() : [];
    for (const name of names) {
      const mail = await PostalMime.parse(fs.readFileSync(path.join(folder, name)));
      if (!mail.to?.some((each) => each.address === to)) continue;
      const link = pattern.exec(mail.text ?? '')?.[0];
      if (link && link !== except) return link;
      if (link) break;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${pattern} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
