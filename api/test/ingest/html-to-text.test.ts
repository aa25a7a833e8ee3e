import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/ingest/html-to-text.js';
import { introOf } from '../../src/ingest/parse-message.js';

describe('htmlToText', () => {
  it('keeps inline markup inside the words and punctuation around it', () => {
    expect(
      htmlToText('<p>Hi <b>there</b>, this is <a href="https://x.test">your link</a>.</p>'),
    ).toBe('Hi there, this is your link.');
    expect(htmlToText('Total: <span style="color:red">$3</span><sup>*</sup>')).toBe('Total: $3*');
    // An element that is not inline still separates what stands on either side of it.
    expect(htmlToText('one<img src="x.png">two<td>three</td>')).toBe('one two three');
  });

  it('breaks lines at blocks and <br>, and drops scripts, styles and comments', () => {
    expect(
      htmlToText(
        '<style>p{color:red}</style><h1>Welcome</h1><p>Line one<br>line two</p><!-- x --><script>x()</script><div>End</div>',
      ),
    ).toBe('Welcome\nLine one\nline two\nEnd');
  });

  it('makes each run of white space one space, and leaves none around a line break', () => {
    expect(htmlToText('a \t\u00a0 b\tc&nbsp;d  e f')).toBe('a b c d e f');
    expect(htmlToText('<p>one  </p>  <p>\t two</p>\n\n\n<p> three </p>')).toBe('one\ntwo\n\nthree');
  });

  it('reads character references as a browser shows them', () => {
    expect(htmlToText('Caf&eacute; &amp; co &copy 2026')).toBe('Café & co © 2026');
  });

  it('gives an intro without stray spaces before punctuation', () => {
    expect(
      introOf(htmlToText('<p>Hi <strong>Ada</strong>, your code is <code>482913</code>.</p>')),
    ).toBe('Hi Ada, your code is 482913.');
  });

  it('ends an intro cut at its length on a character, never on a space', () => {
    // The 50th character would be the space after "expires".
    const text = 'Use the code in the subject to log in. It expires in ten minutes.';
    expect(introOf(text)).toBe('Use the code in the subject to log in. It expires');
    expect(introOf('a'.repeat(60))).toHaveLength(50);
  });
});
