import type { MessageDetail } from '@tempmail/sdk';
import {
  cleanLine,
  cleanText,
  formatAddress,
  formatBytes,
  formatLocalTime,
  formatRelative,
} from './format-values.js';

/**
 * A message for people: its headers, its attachments, then its text body (or its HTML
 * body as text when it has no text body), then the links whose address that text does not
 * show (an HTML button's), so that a terminal can still open them.
 */
export function formatMessage(message: MessageDetail): string {
  const addresses = (list: MessageDetail['to']) => cleanLine(list.map(formatAddress).join(', '));
  const lines = [
    `From:    ${cleanLine(formatAddress(message.from))}`,
    `To:      ${addresses(message.to)}`,
    ...(message.cc.length > 0 ? [`Cc:      ${addresses(message.cc)}`] : []),
    `Date:    ${formatLocalTime(message.date)} (${formatRelative(message.date)})`,
    `Subject: ${cleanLine(message.subject) || '(no subject)'}`,
    `Id:      ${message.id}`,
  ];
  for (const attachment of message.attachments) {
    lines.push(
      `Attached: ${cleanLine(attachment.filename)} (${attachment.contentType}, ${formatBytes(attachment.size)})`,
    );
  }
  const hidden = message.links.filter((link) => !message.text.includes(link.url));
  const links = hidden.map(
    (link) => `  ${cleanLine(link.text) || '(no text)'}: ${cleanLine(link.url)}`,
  );
  const footer = links.length > 0 ? `\n\nLinks:\n${links.join('\n')}` : '';
  return `${lines.join('\n')}\n\n${messageBody(message)}${footer}`;
}

/** The text body (the server renders HTML-only mail as text too), safe for a terminal. */
export function messageBody(message: Pick<MessageDetail, 'text'>): string {
  return cleanText(message.text).replace(/\n+$/, '');
}
