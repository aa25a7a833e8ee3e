import type { Response } from 'express';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { sendSource } from './send-download.js';

/**
 * Sends a message of the given mailboxes as received, or answers 404 (`/v1`, Pro inbox).
 * Saving the source is not reading the message: it stays unseen.
 */
export async function sendMessageSource(
  services: Services,
  response: Response,
  ids: { messageId: string; mailboxIds: string[] },
): Promise<void> {
  const raw = await services.messages.readSource(ids.messageId, ids.mailboxIds);
  if (!raw) throw new ApiError(404, 'not_found', 'Message not found.');
  sendSource(response, ids.messageId, raw);
}
