import { extractLink, extractLinks } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';

describe('extractLink', () => {
  it('takes the href of the first anchor of the HTML body, entities decoded', () => {
    const html =
      '<!-- <a href="https://old.example/"> --><p>Hi <a class="btn" href="https://shop.example/verify?t=abc&amp;u=1">Verify</a>' +
      " or <a href='mailto:help@shop.example'>mail us</a> <a href=https://shop.example/help>help</a></p>";
    expect(extractLink({ html, text: 'see https://text.example/' })).toBe(
      'https://shop.example/verify?t=abc&u=1',
    );
    expect(extractLinks({ html })).toEqual([
      'https://shop.example/verify?t=abc&u=1',
      'https://shop.example/help',
    ]);
  });

  it('decodes every HTML entity in an href the way a browser does', () => {
    const html =
      '<a href="https&colon;//shop.example/verify&quest;t&equals;abc&amp;u=1&#x26;v=&#50;">Verify</a>' +
      '<a href="https://shop.example/pay?a=1&copy=2&amp;next=%2F">Pay</a>';
    expect(extractLinks({ html })).toEqual([
      'https://shop.example/verify?t=abc&u=1&v=2',
      // A legacy entity with no `;` before `=` stays as written in an attribute.
      'https://shop.example/pay?a=1&copy=2&next=%2F',
    ]);
  });

  it('reads URLs in the text, without the punctuation around them', () => {
    const text =
      'Confirm (https://shop.example/confirm/abc123). Or see https://en.wikipedia.org/wiki/Foo_(bar), thanks!\n<https://shop.example/x>';
    expect(extractLinks({ text })).toEqual([
      'https://shop.example/confirm/abc123',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://shop.example/x',
    ]);
  });

  it('falls back to URLs written in an HTML body without anchors', () => {
    expect(extractLink({ html: '<p>Open https://shop.example/a?b=1&amp;c=2 now</p>' })).toBe(
      'https://shop.example/a?b=1&c=2',
    );
    expect(
      extractLink({ html: '<p>Caf&eacute;&nbsp;https://shop.example/caf&eacute;&sol;x</p>' }),
    ).toBe('https://shop.example/café/x');
  });

  it('picks the first link that contains a word or matches a pattern', () => {
    const text =
      'Home https://shop.example/ — verify at https://shop.example/Verify/9 — https://x.example/reset';
    expect(extractLink(text, 'verify')).toBe('https://shop.example/Verify/9');
    expect(extractLink(text, /reset$/)).toBe('https://x.example/reset');
    expect(extractLink(text, 'nothing')).toBeUndefined();
    expect(extractLink('no links here')).toBeUndefined();
  });
});
