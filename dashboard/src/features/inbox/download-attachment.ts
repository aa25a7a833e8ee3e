import { saveBlob } from '../../shared/save-blob';
import type { InboxSource } from './inbox-sources';
import type { OpenedAttachment } from './normalize-message';

/** Saves one attachment, fetched through the inbox's own API. */
export async function downloadAttachment(
  source: InboxSource,
  messageId: string,
  attachment: OpenedAttachment,
): Promise<void> {
  saveBlob(await source.download(messageId, attachment.id), attachment.filename || attachment.id);
}
