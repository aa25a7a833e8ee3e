import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/ingest/parse-message.js';
import { sanitizeFileName } from '../../src/ingest/sanitize-file-name.js';

describe('sanitizeFileName', () => {
  it('keeps a name as it is', () => {
    expect(sanitizeFileName('Invoice 2026-11 (final).pdf')).toBe('Invoice 2026-11 (final).pdf');
    expect(sanitizeFileName('résumé – été.docx')).toBe('résumé – été.docx');
    expect(sanitizeFileName('.profile')).toBe('.profile');
  });

  it('keeps only the last segment of a path, either slash', () => {
    expect(sanitizeFileName('/etc/cron.d/evil')).toBe('evil');
    expect(sanitizeFileName('../../evil.sh')).toBe('evil.sh');
    expect(sanitizeFileName('..\\..\\windows\\evil.bat')).toBe('evil.bat');
  });

  it('drops what hides or reorders the name, and leaves nothing of dots alone', () => {
    expect(sanitizeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('a\u200bb\u2066c\u2069\ufeff.txt')).toBe('abc.txt');
    expect(sanitizeFileName('tab\there\r\n.txt')).toBe('tabhere.txt');
    expect(sanitizeFileName('..')).toBe('');
    expect(sanitizeFileName('dir/')).toBe('');
  });

  it('is applied when a message is parsed', async () => {
    const raw =
      'From: a@example.com\r\nTo: b@tempmail.test\r\nSubject: files\r\nMIME-Version: 1.0\r\n' +
      'Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nHi.\r\n' +
      '--B\r\nContent-Type: application/octet-stream\r\n' +
      'Content-Disposition: attachment; filename="/etc/cron.d/evil"\r\n\r\nx\r\n' +
      '--B\r\nContent-Type: application/octet-stream\r\n' +
      "Content-Disposition: attachment; filename*=UTF-8''gnp%E2%80%AE.exe\r\n\r\ny\r\n--B--\r\n";
    const parsed = await parseMessage(new Uint8Array(Buffer.from(raw)));
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual([
      'evil',
      'gnp.exe',
    ]);
  });
});
