import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import { authenticateMailbox } from '../mailtm/authenticate-mailbox.js';
import {
  DOWNLOAD_PATHS,
  LIST_LIMIT,
  messageDetailResource,
  messageSummaryResource,
} from '../mailbox-views/message-resources.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { arrivedAsHead } from '../answer-head-as-get.js';

/**
 * A free address's inbox as the product shows it, with each message's codes and links:
 * mail.tm's wire format stays exact, so the dashboard reads the list and the messages here,
 * with the same token, and the rest through the mail.tm-compatible API.
 */
export function mailboxHandlers(
  services: Services,
): SurfaceHandlers<'listMailboxMessages' | 'getMailboxMessage'> {
  return {
    async listMailboxMessages(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const { messages } = await services.messages.list([mailbox.id], {
        limit: LIST_LIMIT,
        parsedOnly: true,
      });
      response.json({
        messages: messages.map((message) => messageSummaryResource(message, mailbox.address)),
      });
    },

    async getMailboxMessage(request, response) {
      const mailbox = await authenticateMailbox(request, services);
      const message = await services.messages.read(request.params.id, [mailbox.id], {
        markSeen: !arrivedAsHead(request),
      });
      if (!message) throw new ApiError(404, 'not_found', 'Message not found.');
      response.json(messageDetailResource(message, mailbox.address, DOWNLOAD_PATHS.mailTm));
    },
  };
}
