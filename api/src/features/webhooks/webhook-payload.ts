import type { MessageDetail } from '../messages/message-types.js';
import type { WebhookDelivery } from './webhook-store.js';

/**
 * The body of a `message.received` delivery: the message as a list shows it, with what was
 * found in it to act on (its codes, its call to act, every link), but not its bodies, which
 * `GET /v1/messages/{id}` gives. The contract's WebhookPayload.
 */
export function messageReceivedPayload(
  delivery: WebhookDelivery,
  mailboxAddress: string,
  message: MessageDetail,
): string {
  return JSON.stringify({
    id: delivery.id,
    type: delivery.event,
    createdAt: new Date(delivery.createdAt).toISOString(),
    message: {
      id: message.id,
      mailbox: mailboxAddress,
      from: message.from,
      to: message.to,
      subject: message.subject,
      intro: message.intro,
      date: new Date(message.receivedAt).toISOString(),
      hasAttachments: message.hasAttachments,
      size: message.size,
      codes: message.codes,
      link: message.link,
      links: message.links,
    },
  });
}

/** The body of a "Send test" delivery: the same envelope, with no message. */
export function testPayload(delivery: WebhookDelivery): string {
  return JSON.stringify({
    id: delivery.id,
    type: delivery.event,
    createdAt: new Date(delivery.createdAt).toISOString(),
    message: null,
  });
}
