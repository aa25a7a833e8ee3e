/**
 * Attachment types as senders write them: a control character, DEL, a character past
 * Latin-1 (each refused by Node's setHeader), an escape sequence, and a type that is no
 * type/subtype at all. Attachment `i` holds the text `file i`.
 */
export const HOSTILE_MEDIA_TYPES = [
  'text/plain\x01',
  'text/html\x7f',
  'image/png\u2603',
  'text/plain\x1b[31m',
  'nonsense',
];

/** One raw message to `to` with one attachment of each hostile type, as SMTP would carry it. */
export function messageWithHostileAttachments(to: string): Buffer {
  const parts = HOSTILE_MEDIA_TYPES.map(
    (type, index) =>
      `--B\r\nContent-Type: ${type}; name=a${index}.txt\r\n` +
      `Content-Disposition: attachment; filename=a${index}.txt\r\n` +
      `Content-Transfer-Encoding: base64\r\n\r\n${btoa(`file ${index}`)}\r\n`,
  );
  return Buffer.from(
    `From: Shop <no-reply@shop.example>\r\nTo: ${to}\r\nSubject: Hostile types\r\n` +
      'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n' +
      `--B\r\nContent-Type: text/plain\r\n\r\nHello.\r\n${parts.join('')}--B--\r\n`,
    'utf8',
  );
}
