import { serializeCss, tokenizeCss, type CssToken } from './tokenize-css';

/**
 * What a URL in the mail's CSS becomes: the URL to keep (a data URL, an inline image's, a
 * remote image the reader let in), or undefined to drop it. `image` tells whether it sits
 * where an image belongs (a background or list image), the only place a remote image may.
 */
export type ResolveCssUrl = (url: string, image: boolean) => string | undefined;

/**
 * Functions that fetch what their arguments name, strings included (`image-set("a.png" 1x)`,
 * `src("a.png")`), or show another element: dropped whole whatever they hold.
 */
const DROPPED_FUNCTIONS = new Set([
  'image-set',
  '-webkit-image-set',
  'image',
  'src',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
  'attr',
]);

/** The declarations whose URLs are images the reader may choose to load. */
const IMAGE_PROPERTIES = new Set([
  'background',
  'background-image',
  'list-style',
  'list-style-image',
  'border-image',
  'border-image-source',
]);

/** A component value: a token, or a block or function with what it holds. */
type Value =
  | { kind: 'token'; token: CssToken }
  | { kind: 'block'; open: '{' | '[' | '('; values: Value[] }
  | { kind: 'function'; name: string; values: Value[] };

const CLOSE = { '{': '}', '[': ']', '(': ')' } as const;

/** Groups tokens into blocks and functions, as the browser's parser does. */
function toValues(tokens: CssToken[]): Value[] {
  let i = 0;
  function consumeList(close?: CssToken['type']): Value[] {
    const values: Value[] = [];
    while (i < tokens.length) {
      const token = tokens[i++]!;
      if (token.type === close) return values;
      if (token.type === '{' || token.type === '[' || token.type === '(') {
        values.push({ kind: 'block', open: token.type, values: consumeList(CLOSE[token.type]) });
      } else if (token.type === 'function') {
        values.push({ kind: 'function', name: token.value, values: consumeList(')') });
      } else {
        values.push({ kind: 'token', token });
      }
    }
    return values;
  }
  return consumeList();
}

/** Back to tokens, each block and function closed (as the end of the CSS would close it). */
function toTokens(values: Value[]): CssToken[] {
  return values.flatMap((value): CssToken[] => {
    if (value.kind === 'token') return [value.token];
    if (value.kind === 'function') {
      return [{ type: 'function', value: value.name }, ...toTokens(value.values), { type: ')' }];
    }
    return [{ type: value.open }, ...toTokens(value.values), { type: CLOSE[value.open] }];
  });
}

const isToken = (value: Value | undefined, type: CssToken['type']) =>
  value?.kind === 'token' && value.token.type === type;

const NONE: Value = { kind: 'token', token: { type: 'ident', value: 'none' } };

/** A URL to keep, written as the browser will read it; `none` in place of one dropped. */
function urlValue(url: string | undefined): Value {
  return url === undefined ? NONE : { kind: 'token', token: { type: 'url', value: url } };
}

/** The argument of `url("...")`: one string, or nothing usable. */
function quotedUrl(values: Value[]): string | undefined {
  const meaningful = values.filter((value) => !isToken(value, 'whitespace'));
  const only = meaningful[0];
  return meaningful.length === 1 && only?.kind === 'token' && only.token.type === 'string'
    ? only.token.value
    : undefined;
}

/** The values of one declaration or prelude, with every URL resolved or dropped. */
function cleanValues(values: Value[], image: boolean, resolve: ResolveCssUrl): Value[] {
  return values.map((value): Value => {
    if (value.kind === 'token') {
      return value.token.type === 'url' ? urlValue(resolve(value.token.value, image)) : value;
    }
    if (value.kind === 'block') {
      return { ...value, values: cleanValues(value.values, image, resolve) };
    }
    const name = value.name.toLowerCase();
    if (name === 'url') {
      const url = quotedUrl(value.values);
      return urlValue(url === undefined ? undefined : resolve(url, image));
    }
    if (DROPPED_FUNCTIONS.has(name)) return NONE;
    return { ...value, values: cleanValues(value.values, image, resolve) };
  });
}

/** The property a declaration sets (`name:` first), or undefined for anything else. */
function propertyOf(statement: Value[]): string | undefined {
  const [first, ...rest] = statement.filter((value) => !isToken(value, 'whitespace'));
  if (first?.kind !== 'token' || first.token.type !== 'ident' || !isToken(rest[0], 'colon')) {
    return undefined;
  }
  return first.token.value.toLowerCase();
}

const isImport = (statement: Value[]) => {
  const first = statement.find((value) => !isToken(value, 'whitespace'));
  return (
    first?.kind === 'token' &&
    first.token.type === 'at-keyword' &&
    first.token.value.toLowerCase() === 'import'
  );
};

/**
 * A list of rules or declarations (a style sheet, a block, a `style` attribute), statement
 * by statement: a statement ends at `;` or with its `{}` block. `@import` goes whole, a
 * rule's block is cleaned in turn, and everything else keeps its shape with its URLs
 * resolved or dropped. Where this splits is never coarser than where the browser starts a
 * rule, so an `@import` the browser would see starts a statement here too.
 */
function cleanStatements(values: Value[], resolve: ResolveCssUrl): Value[] {
  const cleaned: Value[] = [];
  let statement: Value[] = [];
  const end = (terminator?: Value) => {
    if (!isImport(statement)) {
      const block = statement.at(-1);
      const rule = block?.kind === 'block' && block.open === '{';
      const prelude = rule ? statement.slice(0, -1) : statement;
      const property = rule ? undefined : propertyOf(prelude);
      cleaned.push(...cleanValues(prelude, IMAGE_PROPERTIES.has(property ?? ''), resolve));
      if (rule) cleaned.push({ ...block, values: cleanStatements(block.values, resolve) });
      if (terminator) cleaned.push(terminator);
    }
    statement = [];
  };
  for (const value of values) {
    if (isToken(value, 'semicolon')) {
      end(value);
    } else {
      statement.push(value);
      if (value.kind === 'block' && value.open === '{') end();
    }
  }
  end();
  return cleaned;
}

/**
 * Received CSS (a `<style>` element's text or a `style` attribute) without anything that
 * loads from elsewhere: no `@import`, no `image-set()` or `src()`, and each `url(...)` kept
 * only as `resolve` decides, else replaced by `none`. The result is written from the tokens
 * the browser will read, so escapes, comments and case cannot hide a URL from this check.
 */
export function cleanMailCss(css: string, resolve: ResolveCssUrl): string {
  // Tokens that are only errors go first: left in, `<!-- @import ...` would not start with
  // `@import` here, yet the browser skips the `<!--` and imports.
  const tokens = tokenizeCss(css).filter(
    (token) =>
      !['cdo', 'cdc', 'bad-string', 'bad-url'].includes(token.type) &&
      !(token.type === 'delim' && token.value === '\\'),
  );
  return serializeCss(toTokens(cleanStatements(toValues(tokens), resolve)));
}
