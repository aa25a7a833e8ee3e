import PostalMime, { decodeWords, type Address, type Email } from 'postal-mime';
import type {
  Address as StoredAddress,
  ParsedMessage,
} from '../features/messages/message-types.js';
import { extractCodesAndLinks } from '../features/extraction/extract-codes-and-links.js';
import { htmlToText } from './html-to-text.js';
import { sanitizeMediaType } from './sanitize-media-type.js';
import { sanitizeFileName } from './sanitize-file-name.js';

/** A parse as the parser makes it: its bodies are text. */
export type ParsedText = ParsedMessage & { text: string; html: string };

/** The intro is the first 50 characters of the text, the preview an inbox list shows. */
export const INTRO_LENGTH = 50;

/**
 * Windows-1252 for the bytes 0x80-0x9F. Node 20's TextDecoder('windows-1252') decodes them
 * as C1 control characters (nodejs/node#56542), which never occur in real mail text; the
 * WHATWG Encoding Standard maps them this way, for latin1 labels too.
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Makes decoded text storable and readable: C1 controls become their Windows-1252
 * characters, and U+0000 goes (PostgreSQL text cannot hold it, and no reader needs it).
 */
const strip = (value: string) =>
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
  value.replace(/[\u0000\u0080-\u009f]/g, (char) =>
    char === '\u0000' ? '' : WINDOWS_1252_C1[char.charCodeAt(0) - 0x80]!,
  );

function flatten(addresses: readonly Address[] | undefined): StoredAddress[] {
  return (addresses ?? []).flatMap((entry) =>
    entry.group
      ? entry.group.map((member) => ({ name: strip(member.name), address: strip(member.address) }))
      : [{ name: strip(entry.name), address: strip(entry.address ?? '') }],
  );
}

/** How much of a message readHeadersOnly looks at: the header block and no more. */
export const HEADER_SCAN_BYTES = 4 * 1024 * 1024;

/**
 * The first INTRO_LENGTH characters (code points) of the text, each run of whitespace one
 * space, none at either end. Reads only as far as it needs: a text can be megabytes long.
 */
export function introOf(text: string): string {
  let intro = '';
  let length = 0;
  let spaceBefore = false;
  for (const char of text) {
    if (/\s/.test(char)) {
      spaceBefore = length > 0;
      continue;
    }
    if (spaceBefore) {
      // A space as the last character would end the intro with one.
      if (length + 1 === INTRO_LENGTH) break;
      intro += ' ';
      spaceBefore = false;
      length += 1;
    }
    intro += char;
    if (++length === INTRO_LENGTH) break;
  }
  return intro;
}

function toBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === 'string') return new Uint8Array(Buffer.from(content, 'utf8'));
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

function fromEmail(email: Email): ParsedText {
  const text = strip(email.text ?? (email.html ? htmlToText(email.html) : ''));
  const subject = strip(email.subject ?? '');
  const html = strip(email.html ?? '');
  return {
    state: 'parsed',
    msgid: email.messageId ? strip(email.messageId.trim()) : null,
    from: flatten(email.from ? [email.from] : [])[0] ?? { name: '', address: '' },
    to: flatten(email.to),
    cc: flatten(email.cc),
    bcc: flatten(email.bcc),
    subject,
    intro: introOf(text),
    text,
    html,
    parseError: null,
    ...extractCodesAndLinks({ subject, text, html }),
    attachments: email.attachments.map((attachment) => ({
      filename: sanitizeFileName(strip(attachment.filename ?? '')),
      contentType: sanitizeMediaType(attachment.mimeType),
      // A part of a multipart/related with a Content-ID and no disposition of its own is the
      // body's inline resource (a logo), as mail programs show it, not a file.
      disposition:
        attachment.disposition === 'inline' ||
        (attachment.disposition === null && attachment.related === true)
          ? 'inline'
          : 'attachment',
      contentId: attachment.contentId ? strip(attachment.contentId.replace(/^<|>$/g, '')) : null,
      content: toBytes(attachment.content),
    })),
  };
}

/**
 * What can be read without a MIME parser: Subject, From and Message-ID from the header block
 * (its first 4 MiB: a header can be huge, as in a 100 000-address To:). Used when parsing
 * failed or ran out of time, so the message is still listed sensibly.
 */
export function readHeadersOnly(raw: Uint8Array, parseError: string): ParsedText {
  const head =
    Buffer.from(raw.subarray(0, HEADER_SCAN_BYTES))
      .toString('latin1')
      .split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const decode = (value: string) => {
    try {
      return strip(decodeWords(value));
    } catch {
      return strip(value);
    }
  };
  const from = decode(header('From'));
  const subject = decode(header('Subject'));
  const angle = /<([^<>]+)>/.exec(from);
  return {
    state: 'failed',
    msgid: strip(header('Message-ID')) || null,
    from: angle
      ? { name: from.slice(0, angle.index).trim().replace(/^"|"$/g, ''), address: angle[1]! }
      : { name: '', address: from },
    to: [],
    cc: [],
    bcc: [],
    subject,
    intro: '',
    text: '',
    html: '',
    parseError,
    // The subject is all there is to read; a code in it is still worth showing.
    ...extractCodesAndLinks({ subject, text: '', html: '' }),
    attachments: [],
  };
}

/** Whether the bytes are the whole of their buffer, so the buffer can be read or moved as is. */
export function spansItsBuffer(raw: Uint8Array): boolean {
  return raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
}

/** Parses a raw RFC 5322 message. Never throws: a message it cannot read is marked failed. */
export async function parseMessage(raw: Uint8Array): Promise<ParsedText> {
  try {
    // Given a view, postal-mime copies the bytes out first; given the whole buffer, it reads
    // them where they are (one copy fewer of a 25 MB message).
    const email = await PostalMime.parse(spansItsBuffer(raw) ? (raw.buffer as ArrayBuffer) : raw, {
      attachmentEncoding: 'arraybuffer',
    });
    return fromEmail(email);
  } catch (error) {
    return readHeadersOnly(raw, error instanceof Error ? error.message : String(error));
  }
}
