// The mail CSS cleaner against hostile input: whatever the spelling, nothing in the result
// loads from another host unless the resolver lets it (issue 22, item 3).
import { describe, expect, it } from 'vitest';
import { cleanMailCss, type ResolveCssUrl } from '../src/features/inbox/clean-mail-css.js';
import { serializeCss, tokenizeCss } from '../src/features/inbox/tokenize-css.js';

const INLINE = 'data:image/png;base64,iVBORw0KGgo=';

/** Keeps data images and the one inline image; drops everything else, and records it. */
function recordingResolver() {
  const asked: { url: string; image: boolean }[] = [];
  const resolve: ResolveCssUrl = (url, image) => {
    asked.push({ url, image });
    if (url.toLowerCase() === 'cid:logo@x') return INLINE;
    return url.startsWith('data:image/') ? url : undefined;
  };
  return { asked, resolve };
}

const clean = (css: string) => cleanMailCss(css, recordingResolver().resolve);

/** What a browser would fetch from the result: every URL its tokens hold. */
function urlsIn(css: string): string[] {
  const tokens = tokenizeCss(css);
  return tokens.flatMap((token, index) => {
    if (token.type === 'url') return [token.value];
    if (token.type === 'function' && token.value.toLowerCase() === 'url') {
      const argument = tokens.slice(index + 1).find((next) => next.type !== 'whitespace');
      return argument?.type === 'string' ? [argument.value] : ['(unreadable url)'];
    }
    return [];
  });
}

const hasImport = (css: string) =>
  tokenizeCss(css).some(
    (token) => token.type === 'at-keyword' && token.value.toLowerCase() === 'import',
  );

const HOSTILE: [string, string][] = [
  ['@import url()', '@import url(http://evil.test/a.css); p { color: red }'],
  ['@import with a string', '@import "http://evil.test/a.css"; p { color: red }'],
  ['@import in capitals', "@IMPORT 'http://evil.test/a.css';"],
  ['@import escaped', '@\\69mport "http://evil.test/a.css";'],
  ['@import after a comment', '/* hi */@import url(//evil.test/a.css);'],
  ['@import after <!--', '<!-- @import "http://evil.test/a.css"; -->'],
  ['@import in @media', '@media screen { @import "http://evil.test/a.css"; }'],
  ['url()', 'p { background: url(http://evil.test/bg) }'],
  ['url() quoted', 'p { background: url( "http://evil.test/bg" ) }'],
  ['URL() in capitals', 'p { background: URL(http://evil.test/bg) }'],
  ['u\\rl() escaped', 'p { background: u\\rl(http://evil.test/bg) }'],
  ['u\\72 l() hex escape', 'p { background: u\\72 l(http://evil.test/bg) }'],
  ['u\\000072l() long escape', 'p { background: \\000075\\72l(http://evil.test/bg) }'],
  ['escaped inside the URL', 'p { background: url(http\\3a //evil.test/bg) }'],
  ['comment splitting url', 'p { background: ur/**/l(http://evil.test/bg) }'],
  ['comment in the value', 'p { background: /* x */url(http://evil.test/bg)/* y */ }'],
  ['double backslash', 'p { background: url("\\\\evil.test\\\\bg") }'],
  ['protocol-relative', 'p { background-image: url(//evil.test/bg) }'],
  ['image-set()', 'p { background: image-set("http://evil.test/a.png" 1x) }'],
  ['-webkit-image-set()', 'p { background: -webkit-image-set(url(http://evil.test/a) 1x) }'],
  ['image-set escaped', 'p { background: im\\61ge-set("http://evil.test/a.png" 1x) }'],
  ['src()', 'p { background: src("http://evil.test/a.png") }'],
  ['image()', 'p { background: image("http://evil.test/a.png") }'],
  ['cross-fade()', 'p { background: cross-fade(url(http://evil.test/a), red 50%) }'],
  ['font-face', '@font-face { font-family: x; src: url(http://evil.test/f.woff) }'],
  ['cursor', 'p { cursor: url(http://evil.test/c.cur), auto }'],
  ['nested rule', 'div { & p { background: url(http://evil.test/bg) } }'],
  ['unclosed', 'p { background: url(http://evil.test/bg'],
  ['unclosed string', 'p { background: url("http://evil.test/bg'],
  ['newline in url', 'p { background: url(http://evil.test/\nbg) }'],
  ['custom property', 'p { --x: url(http://evil.test/bg); background: var(--x) }'],
  ['style attribute', 'background-image: url(http://evil.test/bg); color: red'],
  ['NUL in the name', 'p { background: ur\0l(http://evil.test/bg) }'],
];

describe('cleanMailCss against hostile CSS', () => {
  it.each(HOSTILE)('%s: nothing remote, no @import', (_name, css) => {
    const cleaned = clean(css);
    expect(urlsIn(cleaned).filter((url) => !url.startsWith('data:'))).toEqual([]);
    expect(hasImport(cleaned)).toBe(false);
    expect(cleaned).not.toMatch(/evil\.test[^"]*"\s*\)/);
    expect(cleaned).not.toMatch(/<[/!\w]/);
    // Cleaning is stable: the browser reads back what was checked.
    expect(clean(cleaned)).toBe(cleaned);
  });

  it('sees through the escapes: the resolver is asked for the decoded URL', () => {
    const { asked, resolve } = recordingResolver();
    cleanMailCss('p { background: u\\72 l(http\\3a //evil.test/bg) }', resolve);
    expect(asked).toEqual([{ url: 'http://evil.test/bg', image: true }]);
  });

  it('tells image declarations from others', () => {
    const { asked, resolve } = recordingResolver();
    cleanMailCss(
      'p { background-image: url(a); list-style: url(b); cursor: url(c); } @font-face { src: url(d) }',
      resolve,
    );
    expect(asked).toEqual([
      { url: 'a', image: true },
      { url: 'b', image: true },
      { url: 'c', image: false },
      { url: 'd', image: false },
    ]);
  });
});

describe('cleanMailCss keeps what is safe', () => {
  it('keeps ordinary rules as they read', () => {
    const css =
      '.lead { color: rgb(200, 0, 0); font: 700 14px/1.5 "Helvetica Neue", Arial } ' +
      '@media (max-width: 600px) { .col { width: 100% !important } } a:hover { color: #0af }';
    expect(clean(css)).toBe(css);
  });

  it('replaces a dropped URL with none, keeping the declaration valid', () => {
    expect(clean('p { background: url(http://evil.test/bg) no-repeat; color: red }')).toBe(
      'p { background: none no-repeat; color: red }',
    );
  });

  it('rewrites a cid: image to its data URL, in any case, and keeps data images', () => {
    expect(clean('td { background-image: url(CID:Logo@X) }')).toBe(
      `td { background-image: url("${INLINE}") }`,
    );
    expect(clean(`td { background: url('${INLINE}') }`)).toBe(
      `td { background: url("${INLINE}") }`,
    );
  });

  it('drops @import whole, and only it', () => {
    expect(clean('@import url(x.css); p { color: red }')).toBe(' p { color: red }');
  });

  it('never lets the text end a <style> element', () => {
    const cleaned = clean('p::after { content: "</style><img src=x onerror=alert(1)>" }');
    expect(cleaned).not.toContain('</');
    expect(cleaned).toContain('\\3c /style');
  });

  it('keeps a range media query readable without writing <w', () => {
    expect(clean('@media (400px<width) { p { color: red } }')).toBe(
      '@media (400px< width) { p { color: red } }',
    );
  });
});

describe('serializeCss writes back exactly the tokens it was given', () => {
  it.each([
    'a/**/b',
    'ur/**/l(x)',
    '1\\65 3px',
    '\\31 0px',
    '#\\31 23',
    '-\\31 x',
    'a\\ b',
    '"a\\"b\\\\c"',
    '1.5e3 +.5 -2%',
  ])('%s', (css) => {
    const tokens = tokenizeCss(css);
    expect(tokenizeCss(serializeCss(tokens))).toEqual(tokens);
  });
});
