/** The parts of a message the extractors read; a `MessageDetail` has them all. */
export interface MessageContent {
  subject?: string;
  text?: string;
  html?: string;
}

/**
 * The readable texts of a message, in the order a reader meets them: the subject, then the
 * text body, or the HTML body as text when there is no text body.
 */
export function readMessageText(message: MessageContent | string): string[] {
  if (typeof message === 'string') return [message];
  const parts: string[] = [];
  if (message.subject) parts.push(message.subject);
  if (message.text?.trim()) parts.push(message.text);
  else if (message.html) parts.push(htmlToText(message.html));
  return parts;
}

/**
 * Rough text of an HTML body, enough to find codes in: drops `<head>`, `<style>`,
 * `<script>` and comments (CSS colours like `#123456` are not codes), turns tags into
 * spaces or line breaks so neighbouring cells do not run together, decodes entities.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(
        /<\/?(?:p|div|br|tr|li|h[1-6]|table|td|th|section|article|blockquote)\b[^>]*>/gi,
        '\n',
      )
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
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
