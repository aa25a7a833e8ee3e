/** The parts of a message the extractors read; a `MessageDetail` has them all. */
export interface MessageContent {
  subject?: string;
  text?: string;
  html?: string;
}

/**
 * The readable texts of a message, in the order a reader meets them: the subject, then the
 * text body. The server fills `text` with a rendering of the HTML for HTML-only mail, so
 * the text body is all there is to read.
 */
export function readMessageText(message: MessageContent | string): string[] {
  if (typeof message === 'string') return [message];
  return [message.subject, message.text].filter((part): part is string => Boolean(part?.trim()));
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the entities that matter in links and codes: the five XML ones, `&nbsp;` and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const point =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    }
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}
