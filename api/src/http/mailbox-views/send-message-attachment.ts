import type { Response } from 'express';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { sendAttachment } from './send-download.js';

/** Sends one attachment of a message of the given mailboxes, or answers 404 (`/v1`, Pro inbox). */
export async function sendMessageAttachment(
  services: Services,
  response: Response,
  ids: { messageId: string; attachmentId: string; mailboxIds: string[] },
): Promise<void> {
  const attachment = await services.messages.readAttachment(
    ids.messageId,
    ids.attachmentId,
    ids.mailboxIds,
  );
  if (!attachment) throw new ApiError(404, 'not_found', 'Attachment not found.');
  sendAttachment(response, attachment);
}
