import type { MessageDetail, MessageSummary } from '../../features/messages/message-types.js';

/** Listings of several mailboxes (the Pro aggregated inbox, `/v1/messages`) show this many newest. */
export const LIST_LIMIT = 200;

/**
 * The contract's MessageSummary and MessageDetail (shared/schemas.yaml), as the Pro
 * aggregated inbox and the public API both answer them.
 */
export function messageSummaryResource(message: MessageSummary, mailboxAddress: string) {
  return {
    id: message.id,
    mailbox: mailboxAddress,
    from: message.from,
    to: message.to,
    subject: message.subject,
    intro: message.intro,
    date: new Date(message.receivedAt).toISOString(),
    seen: message.seen,
    hasAttachments: message.hasAttachments,
    size: message.size,
    codes: message.codes,
    link: message.link,
  };
}

/**
 * `downloadBase` is where the attachments are fetched: `/v1/messages` with a bearer token,
 * `/api/message` with the dashboard's session cookie.
 */
export function messageDetailResource(
  message: MessageDetail,
  mailboxAddress: string,
  downloadBase: '/v1/messages' | '/api/message' = '/v1/messages',
) {
  return {
    ...messageSummaryResource(message, mailboxAddress),
    cc: message.cc,
    text: message.text,
    html: message.html,
    links: message.links,
    attachments: message.attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      contentId: attachment.contentId,
      downloadUrl: `${downloadBase}/${message.id}/attachments/${attachment.id}`,
    })),
  };
}
