import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import type { MessageContent } from './read-message-text.js';

/**
 * Every http(s) link of a message, in order, without repeats: the `href`s of the HTML body's
 * anchors when it has one (what a reader clicks, whatever the anchor's text says), else the
 * URLs written in the text body. Entities are decoded as a browser decodes them (`&amp;` is
 * `&`; in an `href`, `?a=1&copy=2` keeps its `&copy`). In text, a URL ends at white space,
 * `<`, `>` or a quote, and trailing punctuation (`.`, `,`, `)` without its `(`...) is not
 * part of it.
 */
export function extractLinks(message: MessageContent | string): string[] {
  const links =
    typeof message !== 'string' && message.html
      ? linksInHtml(message.html)
      : linksInText(typeof message === 'string' ? message : (message.text ?? ''));
  return [...new Set(links)];
}

/**
 * The first link of a message (see `extractLinks`), or the first that contains `filter`
 * (a case-insensitive substring) or matches it (a RegExp), e.g. `extractLink(m, 'verify')`.
 */
export function extractLink(
  message: MessageContent | string,
  filter?: string | RegExp,
): string | undefined {
  const links = extractLinks(message);
  if (filter === undefined) return links[0];
  if (typeof filter === 'string') {
    const needle = filter.toLowerCase();
    return links.find((link) => link.toLowerCase().includes(needle));
  }
  return links.find((link) => filter.test(link));
}

function linksInHtml(html: string): string[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, ' ');
  const links: string[] = [];
  for (const match of withoutComments.matchAll(
    /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
  )) {
    const href = decodeHTMLAttribute(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (/^https?:\/\//i.test(href)) links.push(href);
  }
  // An HTML body with no anchors may still show bare URLs as text.
  return links.length > 0
    ? links
    : linksInText(decodeHTML(withoutComments.replace(/<[^>]*>/g, ' ')));
}

function linksInText(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) {
    links.push(trimTrailing(match[0]));
  }
  return links;
}

const closers: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

// Sentence punctuation after a URL is not part of it; a closing bracket is, when the URL
// opened it (https://en.wikipedia.org/wiki/Foo_(bar)).
function trimTrailing(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last !== undefined && '.,;:!?*'.includes(last)) {
      end--;
      continue;
    }
    const open = last === undefined ? undefined : closers[last];
    if (last !== undefined && open !== undefined) {
      const head = url.slice(0, end);
      if (count(head, last) > count(head, open)) {
        end--;
        continue;
      }
    }
    return url.slice(0, end);
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
