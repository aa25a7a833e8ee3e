import type { Response } from 'express';
import { sanitizeFileName } from '../../ingest/sanitize-file-name.js';
import { sanitizeMediaType } from '../../ingest/sanitize-media-type.js';

/** RFC 6266 filename parameters: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Bytes from a message as a download that a browser saves and never renders or sniffs. */
function sendDownload(
  response: Response,
  download: { contentType: string; filename: string; content: Uint8Array },
): void {
  response
    .status(200)
    .setHeader('Content-Type', download.contentType)
    .setHeader('Content-Disposition', contentDisposition(download.filename || 'download'))
    .setHeader('X-Content-Type-Options', 'nosniff')
    .end(Buffer.from(download.content));
}

/** A message's raw source as `<id>.eml`, on every surface alike. */
export function sendSource(response: Response, messageId: string, raw: Uint8Array): void {
  sendDownload(response, {
    contentType: 'message/rfc822',
    filename: `${messageId}.eml`,
    content: raw,
  });
}

/**
 * An attachment with its own type and name, on every surface alike. Both are checked again
 * here: messages parsed before they were sanitized keep what the sender wrote.
 */
export function sendAttachment(
  response: Response,
  attachment: { contentType: string; filename: string; content: Uint8Array },
): void {
  sendDownload(response, {
    contentType: sanitizeMediaType(attachment.contentType),
    filename: sanitizeFileName(attachment.filename) || 'attachment',
    content: attachment.content,
  });
}
