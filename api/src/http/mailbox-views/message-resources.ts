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

/** Where an attachment is fetched, per surface that reads whole messages. */
export const DOWNLOAD_PATHS = {
  /** `/v1`, with a bearer token. */
  publicApi: (messageId: string, attachmentId: string) =>
    `/v1/messages/${messageId}/attachments/${attachmentId}`,
  /** The Pro aggregated inbox, with the dashboard's session cookie. */
  proInbox: (messageId: string, attachmentId: string) =>
    `/api/message/${messageId}/attachments/${attachmentId}`,
  /** A free address, through the mail.tm-compatible API with its token. */
  mailTm: (messageId: string, attachmentId: string) =>
    `/messages/${messageId}/attachment/${attachmentId}`,
};

export function messageDetailResource(
  message: MessageDetail,
  mailboxAddress: string,
  downloadPath: (messageId: string, attachmentId: string) => string = DOWNLOAD_PATHS.publicApi,
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
      downloadUrl: downloadPath(message.id, attachment.id),
    })),
  };
}
