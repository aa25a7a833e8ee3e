import { describe, expect, it } from 'vitest';
import { toInboxMessage, toOpenedMessage } from '../src/features/inbox/normalize-message.js';

describe('toInboxMessage', () => {
  it('reads mail.tm rows and the product API rows alike', () => {
    const mailTm = {
      id: 'a',
      from: { name: 'Shop', address: 'shop@example.com' },
      subject: 'Hi',
      intro: 'Hello',
      seen: false,
      createdAt: '2026-11-22T09:00:00+00:00',
      hasAttachments: true,
    };
    expect(toInboxMessage(mailTm)).toEqual(mailTm);
    expect(
      toInboxMessage({
        ...mailTm,
        createdAt: undefined,
        date: '2026-11-22T09:00:00Z',
        mailbox: 'x@t.test',
      }),
    ).toMatchObject({ createdAt: '2026-11-22T09:00:00Z', mailbox: 'x@t.test' });
  });

  it('tolerates alternative field names', () => {
    expect(
      toInboxMessage({
        id: 'b',
        sender: 'Ann Example <ann@example.com>',
        title: 'Invoice',
        receivedAt: '2026-11-22T08:00:00Z',
        body: 'Your invoice is attached.',
        seen: true,
      }),
    ).toEqual({
      id: 'b',
      from: { name: 'Ann Example', address: 'ann@example.com' },
      subject: 'Invoice',
      intro: 'Your invoice is attached.',
      seen: true,
      hasAttachments: false,
      createdAt: '2026-11-22T08:00:00Z',
    });
    expect(toInboxMessage({ id: 'c', sender: 'bare@example.com' })?.from).toEqual({
      name: '',
      address: 'bare@example.com',
    });
  });

  it('leaves the date empty when it is missing or unreadable, and rejects rows without id or sender', () => {
    expect(toInboxMessage({ id: 'd', from: { address: 'x@y.z' }, date: 'soon' })?.createdAt).toBe(
      '',
    );
    expect(toInboxMessage({ from: { address: 'x@y.z' } })).toBeUndefined();
    expect(toInboxMessage({ id: 'e' })).toBeUndefined();
    expect(toInboxMessage('not a message')).toBeUndefined();
  });

  it('takes the product API’s codes and link, and offers only an http(s) link', () => {
    const from = { name: '', address: 'x@y.z' };
    const code = { value: '482913', context: 'Your code is 482913.' };
    const link = { url: 'https://shop.example/v', text: 'Verify', kind: 'verify', primary: true };
    expect(toInboxMessage({ id: 'a', from, codes: [code, { nonsense: 1 }], link })).toMatchObject({
      codes: [code],
      link: { url: link.url, text: 'Verify' },
    });
    const unsafe = { ...link, url: 'javascript:alert(1)' };
    expect(toInboxMessage({ id: 'b', from, codes: [], link: unsafe })?.link).toBeNull();
    // mail.tm's shapes carry neither: unknown, not none.
    const bare = toInboxMessage({ id: 'c', from });
    expect(bare).not.toHaveProperty('codes');
    expect(bare).not.toHaveProperty('link');
  });
});

describe('toOpenedMessage', () => {
  it('joins mail.tm HTML parts, takes htmlContent, and keeps attachment content ids bare', () => {
    const opened = toOpenedMessage({
      id: 'a',
      from: { name: '', address: 'x@y.z' },
      html: ['<p>one</p>', '<p>two</p>'],
      text: 'one two',
      attachments: [
        {
          id: 'f',
          filename: 'logo.png',
          contentType: 'image/png',
          size: 10,
          contentId: '<logo@x>',
        },
        'junk',
      ],
    });
    expect(opened?.html).toBe('<p>one</p><p>two</p>');
    expect(opened?.attachments).toEqual([
      {
        id: 'f',
        filename: 'logo.png',
        contentType: 'image/png',
        size: 10,
        contentId: 'logo@x',
        related: false,
      },
    ]);
    expect(
      toOpenedMessage({ id: 'b', from: { address: 'x@y.z' }, htmlContent: '<b>x</b>', body: 'x' }),
    ).toMatchObject({ html: '<b>x</b>', text: 'x', attachments: [] });
  });
});
