import type { Response } from 'express';

/** RFC 6266 filename parameters: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends bytes from a message (its source or an attachment) as a download that a browser
 * saves and never renders or sniffs, on every surface alike.
 */
export function sendDownload(
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
