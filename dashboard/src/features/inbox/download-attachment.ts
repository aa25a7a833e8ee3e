import { mailTmGetAttachment, unwrap, type MailTmAttachment } from '@tempmail/sdk';
import { createApiClient } from '../../shared/create-api-client';
import type { FreeMailbox } from '../address/generate-address';

/** Long enough for the browser to start the save; the URL is useless to anyone after it. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves one attachment. The download needs the bearer token, so a plain link cannot do it:
 * the bytes are fetched, wrapped in a blob URL and handed to a `download` link.
 */
export async function downloadAttachment(
  mailbox: FreeMailbox,
  messageId: string,
  attachment: MailTmAttachment,
): Promise<void> {
  const blob = await unwrap(
    mailTmGetAttachment({
      client: createApiClient(mailbox.token),
      path: { id: messageId, attachmentId: attachment.id },
      parseAs: 'blob',
    }),
  );
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
