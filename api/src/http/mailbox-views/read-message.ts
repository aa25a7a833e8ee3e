import type { Response } from 'express';
import type { Services } from '../../services.js';
import type { MessageDetail } from '../../storage/repositories/messages.js';
import { ApiError } from '../api-error.js';
import { sendAttachment } from './send-download.js';

/**
 * One message of the given mailboxes, marked seen by being read (as opening it in an inbox
 * does), with the change announced to the mailbox's streams; undefined when it is not theirs.
 * `/v1` and the Pro inbox read messages this way.
 */
export async function readMessageMarkingSeen(
  services: Services,
  messageId: string,
  mailboxIds: string[],
): Promise<MessageDetail | undefined> {
  const message = await services.repositories.messages.find(messageId, mailboxIds);
  if (!message || message.seen) return message;
  await services.repositories.messages.setSeen(messageId, mailboxIds, true, services.now());
  const seen = { ...message, seen: true };
  services.events.publish({ type: 'message.updated', mailboxId: seen.mailboxId, message: seen });
  return seen;
}

/** Sends one attachment of a message of the given mailboxes, or answers 404. */
export async function sendMessageAttachment(
  services: Services,
  response: Response,
  ids: { messageId: string; attachmentId: string; mailboxIds: string[] },
): Promise<void> {
  const attachment = await services.repositories.messages.findAttachment(
    ids.messageId,
    ids.attachmentId,
    ids.mailboxIds,
  );
  if (!attachment) throw new ApiError(404, 'not_found', 'Attachment not found.');
  sendAttachment(response, attachment);
}
