// Links in plain-text mail: where a URL ends in running text.
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { linkPlainText } from '../src/features/inbox/link-plain-text.js';

const hrefs = (text: string) =>
  linkPlainText(text).flatMap((node) =>
    isValidElement<{ href: string }>(node) ? [node.props.href] : [],
  );

describe('linkPlainText', () => {
  it('leaves the sentence’s punctuation out of a URL', () => {
    expect(hrefs('See https://shop.example/a. Then https://shop.example/b, or not!')).toEqual([
      'https://shop.example/a',
      'https://shop.example/b',
    ]);
    expect(hrefs('(see https://shop.example/help)')).toEqual(['https://shop.example/help']);
  });

  it('keeps a closing bracket the URL itself opened', () => {
    expect(hrefs('Read https://en.wikipedia.org/wiki/Mail_(disambiguation).')).toEqual([
      'https://en.wikipedia.org/wiki/Mail_(disambiguation)',
    ]);
    expect(hrefs('(https://en.wikipedia.org/wiki/Mail_(disambiguation))')).toEqual([
      'https://en.wikipedia.org/wiki/Mail_(disambiguation)',
    ]);
    expect(hrefs('A list: https://shop.example/q?a[0]=1]')).toEqual([
      'https://shop.example/q?a[0]=1',
    ]);
  });

  it('keeps the text whole around the links', () => {
    const nodes = linkPlainText('Go to https://shop.example/a) now');
    expect(nodes[0]).toBe('Go to ');
    expect(nodes.at(-1)).toBe(') now');
  });
});
