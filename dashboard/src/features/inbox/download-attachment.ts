import type { InboxSource } from './inbox-sources';
import type { OpenedAttachment } from './normalize-message';

/** Long enough for the browser to start the save; the URL is useless to anyone after it. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves one attachment. The download needs the bearer token (or the session), so a plain
 * link cannot do it: the bytes are fetched, wrapped in a blob URL and handed to a `download`
 * link.
 */
export async function downloadAttachment(
  source: InboxSource,
  messageId: string,
  attachment: OpenedAttachment,
): Promise<void> {
  const blob = await source.download(messageId, attachment.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.filename || attachment.id;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
