/** The parts of a message the extractors read; a `MessageDetail` has them all. */
export interface MessageContent {
  subject?: string;
  text?: string;
  html?: string;
}

/**
 * The readable texts of a message, in the order a reader meets them: the subject, then the
 * text body. The server fills `text` with a rendering of the HTML for HTML-only mail, so
 * the text body is all there is to read.
 */
export function readMessageText(message: MessageContent | string): string[] {
  if (typeof message === 'string') return [message];
  return [message.subject, message.text].filter((part): part is string => Boolean(part?.trim()));
}
