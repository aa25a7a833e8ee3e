// A CSS tokenizer and serializer after CSS Syntax Level 3 (https://drafts.csswg.org/css-syntax-3/),
// so that received CSS is read as the browser reads it: escapes decoded (`u\72 l(` is `url(`),
// comments gone, strings and `url(...)` whole. The serializer writes every token plainly, so
// what the browser reads back is exactly the token list that was checked.

export type CssToken =
  | { type: 'ident' | 'function' | 'at-keyword' | 'string' | 'url'; value: string }
  | { type: 'hash'; value: string }
  | { type: 'delim'; value: string }
  | { type: 'number' | 'percentage'; repr: string }
  | { type: 'dimension'; repr: string; unit: string }
  | {
      type:
        | 'whitespace'
        | 'bad-string'
        | 'bad-url'
        | 'cdo'
        | 'cdc'
        | 'colon'
        | 'semicolon'
        | 'comma'
        | '['
        | ']'
        | '('
        | ')'
        | '{'
        | '}';
    };

const SINGLE: Record<string, CssToken['type']> = {
  ':': 'colon',
  ';': 'semicolon',
  ',': 'comma',
  '[': '[',
  ']': ']',
  '(': '(',
  ')': ')',
  '{': '{',
  '}': '}',
};

const REPLACEMENT = '\uFFFD';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isWhitespace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';
const isIdentStart = (c: string | undefined) =>
  c !== undefined && (/^[a-zA-Z_]$/.test(c) || c.codePointAt(0)! >= 0x80);
const isIdentChar = (c: string | undefined) => isIdentStart(c) || isDigit(c) || c === '-';
/** Code points a URL token may not hold unescaped (CSS Syntax "non-printable"). */
const isNonPrintable = (c: string) => {
  const code = c.codePointAt(0)!;
  return code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;
};

const startsEscape = (a: string | undefined, b: string | undefined) => a === '\\' && b !== '\n';

function startsIdent(a: string | undefined, b: string | undefined, c: string | undefined) {
  if (a === '-') return isIdentStart(b) || b === '-' || startsEscape(b, c);
  if (a === '\\') return startsEscape(a, b);
  return isIdentStart(a);
}

function startsNumber(a: string | undefined, b: string | undefined, c: string | undefined) {
  if (a === '+' || a === '-') return isDigit(b) || (b === '.' && isDigit(c));
  if (a === '.') return isDigit(b);
  return isDigit(a);
}

/** The token list of a style sheet, a `style` attribute or any piece of CSS. */
export function tokenizeCss(source: string): CssToken[] {
  // Preprocessing: one kind of newline, no NUL (surrogates cannot occur in a JS string pair).
  const chars = Array.from(source.replace(/\r\n?|\f/g, '\n').replace(/\0/g, REPLACEMENT));
  const tokens: CssToken[] = [];
  let i = 0;
  const at = (offset = 0) => chars[i + offset];

  function consumeEscape(): string {
    // The backslash is consumed already.
    const first = chars[i++];
    if (first === undefined) return REPLACEMENT;
    if (!isHex(first)) return first;
    let hex = first;
    while (hex.length < 6 && isHex(at())) hex += chars[i++];
    if (isWhitespace(at())) i++;
    const code = parseInt(hex, 16);
    const invalid = code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff;
    return invalid ? REPLACEMENT : String.fromCodePoint(code);
  }

  function consumeName(): string {
    let name = '';
    for (;;) {
      const c = at();
      if (isIdentChar(c)) {
        name += c;
        i++;
      } else if (startsEscape(c, at(1))) {
        i++;
        name += consumeEscape();
      } else {
        return name;
      }
    }
  }

  function consumeString(quote: string): CssToken {
    let value = '';
    for (;;) {
      const c = chars[i];
      if (c === undefined || c === quote) {
        i++;
        return { type: 'string', value };
      }
      if (c === '\n') return { type: 'bad-string' };
      i++;
      if (c === '\\') {
        if (at() === undefined) continue;
        if (at() === '\n') i++;
        else value += consumeEscape();
      } else {
        value += c;
      }
    }
  }

  function consumeBadUrlRemnants(): CssToken {
    for (;;) {
      const c = chars[i++];
      if (c === undefined || c === ')') return { type: 'bad-url' };
      if (startsEscape(c, at())) consumeEscape();
    }
  }

  function consumeUrl(): CssToken {
    let value = '';
    while (isWhitespace(at())) i++;
    for (;;) {
      const c = chars[i++];
      if (c === undefined || c === ')') return { type: 'url', value };
      if (isWhitespace(c)) {
        while (isWhitespace(at())) i++;
        if (at() === ')' || at() === undefined) {
          i++;
          return { type: 'url', value };
        }
        return consumeBadUrlRemnants();
      }
      if (c === '"' || c === "'" || c === '(' || isNonPrintable(c)) return consumeBadUrlRemnants();
      if (c === '\\') {
        if (!startsEscape(c, at())) return consumeBadUrlRemnants();
        value += consumeEscape();
      } else {
        value += c;
      }
    }
  }

  function consumeIdentLike(): CssToken {
    const name = consumeName();
    if (name.toLowerCase() === 'url' && at() === '(') {
      i++;
      while (isWhitespace(at()) && isWhitespace(at(1))) i++;
      const next = isWhitespace(at()) ? at(1) : at();
      if (next === '"' || next === "'") return { type: 'function', value: name };
      return consumeUrl();
    }
    if (at() === '(') {
      i++;
      return { type: 'function', value: name };
    }
    return { type: 'ident', value: name };
  }

  function consumeNumeric(): CssToken {
    const match = /^[+-]?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?/.exec(chars.slice(i, i + 400).join(''));
    const repr = match![0];
    i += repr.length;
    if (startsIdent(at(), at(1), at(2))) return { type: 'dimension', repr, unit: consumeName() };
    if (at() === '%') {
      i++;
      return { type: 'percentage', repr };
    }
    return { type: 'number', repr };
  }

  while (i < chars.length) {
    const c = at()!;
    if (c === '/' && at(1) === '*') {
      i += 2;
      while (i < chars.length && !(at() === '*' && at(1) === '/')) i++;
      i += 2;
    } else if (isWhitespace(c)) {
      while (isWhitespace(at())) i++;
      tokens.push({ type: 'whitespace' });
    } else if (c === '"' || c === "'") {
      i++;
      tokens.push(consumeString(c));
    } else if (c === '#' && (isIdentChar(at(1)) || startsEscape(at(1), at(2)))) {
      i++;
      tokens.push({ type: 'hash', value: consumeName() });
    } else if ((c === '+' || c === '-' || c === '.') && startsNumber(c, at(1), at(2))) {
      tokens.push(consumeNumeric());
    } else if (c === '-' && at(1) === '-' && at(2) === '>') {
      i += 3;
      tokens.push({ type: 'cdc' });
    } else if (c === '-' && startsIdent(c, at(1), at(2))) {
      tokens.push(consumeIdentLike());
    } else if (c === '<' && at(1) === '!' && at(2) === '-' && at(3) === '-') {
      i += 4;
      tokens.push({ type: 'cdo' });
    } else if (c === '@' && startsIdent(at(1), at(2), at(3))) {
      i++;
      tokens.push({ type: 'at-keyword', value: consumeName() });
    } else if (c === '\\' && startsEscape(c, at(1))) {
      tokens.push(consumeIdentLike());
    } else if (isDigit(c)) {
      tokens.push(consumeNumeric());
    } else if (isIdentStart(c)) {
      tokens.push(consumeIdentLike());
    } else if (SINGLE[c]) {
      i++;
      tokens.push({ type: SINGLE[c] } as CssToken);
    } else {
      i++;
      tokens.push({ type: 'delim', value: c });
    }
  }
  return tokens;
}

const hexEscape = (c: string) => `\\${c.codePointAt(0)!.toString(16)} `;

/** Escapes what an identifier may not hold as written, and `<` and `>` everywhere. */
function serializeName(value: string, asIdent: boolean): string {
  const chars = Array.from(value);
  if (asIdent && value === '-') return '\\-';
  return chars
    .map((c, index) => {
      const code = c.codePointAt(0)!;
      if (code < 0x20 || code === 0x7f) return hexEscape(c);
      if (asIdent && isDigit(c) && (index === 0 || (index === 1 && chars[0] === '-'))) {
        return hexEscape(c);
      }
      if (isIdentChar(c)) return c;
      return hexEscape(c);
    })
    .join('');
}

function serializeString(value: string): string {
  const body = Array.from(value)
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x20 || code === 0x7f || c === '<' || c === '>') return hexEscape(c);
      return c === '"' || c === '\\' ? `\\${c}` : c;
    })
    .join('');
  return `"${body}"`;
}

/** How each punctuation token is written back: the single characters read above, inverted. */
const PUNCTUATION: Partial<Record<CssToken['type'], string>> = {
  whitespace: ' ',
  ...Object.fromEntries(Object.entries(SINGLE).map(([character, type]) => [type, character])),
};

function serializeToken(token: CssToken): string {
  switch (token.type) {
    case 'ident':
      return serializeName(token.value, true);
    case 'function':
      return `${serializeName(token.value, true)}(`;
    case 'at-keyword':
      return `@${serializeName(token.value, true)}`;
    case 'hash':
      return `#${serializeName(token.value, false)}`;
    case 'string':
      return serializeString(token.value);
    case 'url':
      return `url(${serializeString(token.value)})`;
    case 'number':
    case 'percentage':
      return token.type === 'number' ? token.repr : `${token.repr}%`;
    case 'dimension': {
      // A unit such as `e3` would be read back as an exponent (`1e3`).
      const unit = serializeName(token.unit, true);
      return `${token.repr}${/^e[+-]?\d/i.test(token.unit) ? hexEscape(unit[0]!) + unit.slice(1) : unit}`;
    }
    case 'delim':
      // A lone backslash (one before a newline) would escape whatever follows it.
      return token.value === '\\' ? '' : token.value;
    default:
      return PUNCTUATION[token.type] ?? '';
  }
}

/** A token's kind for the table of pairs that must not touch. */
function kindOf(token: CssToken): string {
  return token.type === 'delim' ? token.value : token.type;
}

const IDENT_LIKE = [
  'ident',
  'function',
  'url',
  'bad-url',
  '-',
  'number',
  'percentage',
  'dimension',
];

/**
 * The pairs of tokens that would merge into other tokens when written side by side (CSS
 * Syntax's serialization table); an empty comment goes between them.
 */
const MUST_SEPARATE: Record<string, readonly string[]> = {
  ident: [...IDENT_LIKE, 'cdc', '('],
  'at-keyword': [...IDENT_LIKE, 'cdc'],
  hash: [...IDENT_LIKE, 'cdc'],
  dimension: [...IDENT_LIKE, 'cdc'],
  '#': IDENT_LIKE,
  '-': ['ident', 'function', 'url', 'bad-url', 'number', 'percentage', 'dimension'],
  number: ['ident', 'function', 'url', 'bad-url', 'number', 'percentage', '%', 'dimension'],
  '@': ['ident', 'function', 'url', 'bad-url', '-'],
  '.': ['number', 'percentage', 'dimension'],
  '+': ['number', 'percentage', 'dimension'],
  '/': ['*'],
};

/**
 * Writes tokens back as CSS that reads as exactly these tokens, less the ones that are only
 * errors (bad strings and URLs, `<!--`, `-->`, a lone backslash). It never writes `</` or
 * `<!` (an HTML parser would end a `<style>` element there), and `url` tokens are written
 * as `url("...")`.
 */
export function serializeCss(tokens: readonly CssToken[]): string {
  let css = '';
  const written = tokens
    .filter((token) => serializeToken(token) !== '')
    .filter(
      (token, index, kept) => token.type !== 'whitespace' || kept[index - 1]?.type !== 'whitespace',
    );
  written.forEach((token, index) => {
    const text = serializeToken(token);
    const previous = written[index - 1];
    if (previous && MUST_SEPARATE[kindOf(previous)]?.includes(kindOf(token))) css += '/**/';
    else if (previous?.type === 'delim' && previous.value === '<' && /^[/!\w]/.test(text)) {
      css += ' ';
    }
    css += text;
  });
  return css;
}
