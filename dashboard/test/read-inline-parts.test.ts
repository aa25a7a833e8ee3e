// A message's inline images from its own MIME parts, by every form of Content-ID a sender
// writes and every form of `cid:` URL a body uses (issue 22, item 3).
import { describe, expect, it } from 'vitest';
import { cidOfHeader, cidOfUrl } from '../src/features/inbox/normalize-cid.js';
import { imageTypeOf, readInlineParts } from '../src/features/inbox/read-inline-parts.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** A newsletter as mail clients send it: related parts with and without dispositions. */
const NEWSLETTER = [
  'From: News <news@example.com>',
  'To: someone@tempmail.test',
  'Subject: Weekly',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="outer"',
  '',
  '--outer',
  'Content-Type: multipart/related;',
  '\ttype="multipart/alternative"; boundary=inner',
  '',
  '--inner',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<img src="cid:image001.png@01DA0001.ABCDEF00"><img src="cid:%3CLogo@Example.COM%3E">',
  '--inner',
  'Content-Type: image/png; name="image001.png"',
  'Content-Transfer-Encoding: base64',
  'Content-ID: <image001.png@01DA0001.ABCDEF00>',
  '',
  PNG.slice(0, 40),
  PNG.slice(40),
  '--inner',
  'Content-Type: application/octet-stream; name="logo.gif"',
  'Content-Disposition: inline; filename="logo.gif"',
  'Content-Transfer-Encoding: BASE64',
  'Content-Id: logo@example.com',
  '',
  GIF,
  '--inner--',
  '--outer',
  'Content-Type: application/pdf; name="terms.pdf"',
  'Content-Disposition: attachment; filename="terms.pdf"',
  'Content-Transfer-Encoding: base64',
  'Content-ID: <terms@example.com>',
  '',
  'JVBERi0xLjQK',
  '--outer',
  'Content-Type: message/rfc822',
  '',
  'Content-Type: image/png',
  'Content-ID: <nested@example.com>',
  'Content-Transfer-Encoding: base64',
  '',
  PNG,
  '--outer--',
  '',
].join('\r\n');

describe('readInlineParts', () => {
  const images = readInlineParts(NEWSLETTER);

  it('finds each image part by its Content-ID key, as a data URL', () => {
    expect([...images.keys()].sort()).toEqual([
      'image001.png@01da0001.abcdef00',
      'logo@example.com',
    ]);
    expect(images.get('image001.png@01da0001.abcdef00')).toBe(`data:image/png;base64,${PNG}`);
    // Labelled application/octet-stream, shown by its file name's type.
    expect(images.get('logo@example.com')).toBe(`data:image/gif;base64,${GIF}`);
  });

  it('matches the body`s cid: URLs in their other forms', () => {
    expect(images.has(cidOfUrl('cid:image001.png@01DA0001.ABCDEF00')!)).toBe(true);
    expect(images.has(cidOfUrl('cid:%3CLogo@Example.COM%3E')!)).toBe(true);
    expect(images.has(cidOfUrl('CID:logo%40example.com')!)).toBe(true);
  });

  it('leaves out what is not an image, and the parts of an attached message', () => {
    expect(images.has('terms@example.com')).toBe(false);
    expect(images.has('nested@example.com')).toBe(false);
  });

  it('reads a single-part message and one with bare LF lines', () => {
    const lf = NEWSLETTER.replace(/\r\n/g, '\n');
    expect(readInlineParts(lf)).toEqual(images);
    expect(readInlineParts('Subject: plain\r\n\r\nhello').size).toBe(0);
    expect(readInlineParts('')).toEqual(new Map());
  });

  it('stops at nesting no real mail has', () => {
    let raw = `Content-Type: image/png\r\nContent-ID: <deep@x>\r\nContent-Transfer-Encoding: base64\r\n\r\n${PNG}`;
    for (let depth = 0; depth < 40; depth++) {
      raw = `Content-Type: multipart/related; boundary=b${depth}\r\n\r\n--b${depth}\r\n${raw}\r\n--b${depth}--`;
    }
    expect(readInlineParts(raw).size).toBe(0);
  });
});

describe('Content-ID keys', () => {
  it.each([
    ['<Logo@Example.com>', 'logo@example.com'],
    ['  <logo@example.com>  (the logo)', 'logo@example.com'],
    ['logo@example.com', 'logo@example.com'],
  ])('header %s', (header, key) => {
    expect(cidOfHeader(header)).toBe(key);
  });

  it.each([
    ['cid:logo@example.com', 'logo@example.com'],
    ['CID:Logo@Example.com', 'logo@example.com'],
    ['cid:logo%40example.com', 'logo@example.com'],
    ['cid:<logo@example.com>', 'logo@example.com'],
    ['cid:%3Clogo@example.com%3E', 'logo@example.com'],
    [' cid:100%', '100%'],
  ])('url %s', (url, key) => {
    expect(cidOfUrl(url)).toBe(key);
  });

  it('is undefined for other URLs', () => {
    expect(cidOfUrl('https://example.com/cid:x')).toBeUndefined();
  });

  it('types images by their label or their file name', () => {
    expect(imageTypeOf('IMAGE/JPEG', '')).toBe('image/jpeg');
    expect(imageTypeOf('application/octet-stream', 'photo.JPG')).toBe('image/jpeg');
    expect(imageTypeOf('application/octet-stream', 'notes.txt')).toBeUndefined();
    expect(imageTypeOf('text/html', 'x.html')).toBeUndefined();
  });
});
