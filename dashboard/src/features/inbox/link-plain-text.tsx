import type { ReactNode } from 'react';

/** http(s) URLs in running text; what ends a URL follows the usual reading of plain mail. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that closes the sentence around a URL more often than the URL itself. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

const count = (text: string, character: string) => text.split(character).length - 1;

/**
 * The URL without the punctuation of the sentence around it. A closing bracket stays while
 * the URL opened one it closes: `wiki/Mail_(disambiguation)` is whole, `(see https://a.b/)`
 * loses the last `)`.
 */
function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (
      candidate.length > url.length &&
      candidate[url.length] === close &&
      count(url, open) > count(url, close)
    ) {
      url = candidate.slice(0, url.length + 1);
    }
  }
  return url;
}

/**
 * A plain-text body as React nodes, its http(s) URLs as links opening in a new tab. Every
 * piece is a text node or an element React builds: nothing is parsed as HTML.
 */
export function linkPlainText(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimUrl(match[0]);
    const start = match.index;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a
        key={start}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-indigo-700 dark:text-indigo-300 underline"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
