import { describe, expect, it } from 'vitest';
import { attachmentKind } from '../src/features/inbox/attachment-kind.js';

describe('attachmentKind', () => {
  it.each([
    ['image/png', 'logo.png', 'image'],
    ['application/octet-stream', 'photo.JPG', 'image'],
    ['application/pdf', 'invoice.pdf', 'document'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'a.docx',
      'document',
    ],
    ['text/plain', 'notes', 'document'],
    ['text/calendar', 'invite.ics', 'calendar'],
    ['application/zip', 'files.zip', 'archive'],
    ['application/octet-stream', 'backup.tar.gz', 'archive'],
    ['application/octet-stream', 'data.bin', 'file'],
    ['', '', 'file'],
  ])('%s %s is %s', (contentType, filename, kind) => {
    expect(attachmentKind(contentType, filename)).toBe(kind);
  });
});
