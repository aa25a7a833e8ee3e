import { cidOfHeader } from './normalize-cid';

/** Inline images above this size stay unresolved: a data URL copies them into the frame. */
export const MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024;

/** Multipart nesting deeper than this is not followed (real mail nests three or four deep). */
const MAX_DEPTH = 12;

/** Image types by file extension, for parts sent as `application/octet-stream`. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

/**
 * The image type to show a part as: its own when it says `image/...`, else the one its file
 * name implies (senders label inline images `application/octet-stream` too), else none.
 */
export function imageTypeOf(contentType: string, filename: string): string | undefined {
  const type = contentType.trim().toLowerCase();
  if (/^image\/[a-z0-9.+-]+$/.test(type)) return type;
  const extension = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  return extension ? IMAGE_EXTENSIONS[extension] : undefined;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(text: string): Part {
  const blank = /\r?\n\r?\n/.exec(text);
  const head = blank ? text.slice(0, blank.index) : text;
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body: blank ? text.slice(blank.index + blank[0].length) : '' };
}

/** A header parameter (`boundary=...`, `name="..."`), quoted or not. */
function parameter(header: string, name: string): string {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? (match[1] ?? match[2] ?? '') : '';
}

/** The parts between a multipart body's boundary lines. */
function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  const delimiter = `--${boundary}`;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      const rest = line.slice(delimiter.length);
      if (rest.startsWith('--')) break;
      if (rest.trim() === '') {
        if (current) parts.push(current.join('\n'));
        current = [];
        continue;
      }
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

function collect(text: string, depth: number, images: Map<string, string>): void {
  const { headers, body } = splitPart(text);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (!boundary || depth >= MAX_DEPTH) return;
    for (const part of splitMultipart(body, boundary)) collect(part, depth + 1, images);
    return;
  }
  const contentId = headers.get('content-id');
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (!contentId || encoding !== 'base64') return;
  const filename =
    parameter(headers.get('content-disposition') ?? '', 'filename') ||
    parameter(contentType, 'name');
  const imageType = imageTypeOf(type, filename);
  const data = body.replace(/[^A-Za-z0-9+/=]/g, '');
  const key = cidOfHeader(contentId);
  if (!imageType || !key || images.has(key) || (data.length * 3) / 4 > MAX_INLINE_IMAGE_BYTES) {
    return;
  }
  images.set(key, `data:${imageType};base64,${data}`);
}

/**
 * The images a raw message (RFC 5322) carries under a Content-ID, as data URLs by their
 * `cid:` key: what its HTML shows inline, read from the message's own parts. Only base64
 * parts (images always are), none inside an attached message.
 */
export function readInlineParts(raw: string): Map<string, string> {
  const images = new Map<string, string>();
  collect(raw, 0, images);
  return images;
}
