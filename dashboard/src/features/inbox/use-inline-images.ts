import { useQuery } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';
import type { OpenedAttachment, OpenedMessage } from './normalize-message';
import { decodeCid } from './sanitize-mail-html';

/** Inline images above this size stay unresolved: a data URL copies them into the frame. */
const MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024;

const NONE: ReadonlyMap<string, string> = new Map();

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The Content-IDs an HTML body's `cid:` URLs name, in the order they first appear. */
function referencedCids(html: string): string[] {
  return [
    ...new Set(Array.from(html.matchAll(/cid:([^"'\s)>]+)/gi), (match) => decodeCid(match[1]!))),
  ];
}

const showable = (attachment: OpenedAttachment) =>
  attachment.contentType.startsWith('image/') && attachment.size <= MAX_INLINE_IMAGE_BYTES;

/**
 * Which attachment each `cid:` of the body shows, by Content-ID. mail.tm's wire format (our
 * free addresses) gives no Content-ID, only `related` for the parts shown inside the body;
 * when the body names exactly as many unknown Content-IDs as there are such images, they
 * are paired in order, which is how a multipart/related message lists them. Any other
 * count is left unresolved rather than guessed.
 */
function inlineAttachments(message: OpenedMessage): [string, OpenedAttachment][] {
  const referenced = referencedCids(message.html);
  const byId = new Map(
    message.attachments.flatMap((attachment) =>
      attachment.contentId !== null ? [[attachment.contentId, attachment] as const] : [],
    ),
  );
  const found = referenced.flatMap((cid) => {
    const attachment = byId.get(cid);
    return attachment ? [[cid, attachment] as [string, OpenedAttachment]] : [];
  });
  const unknown = referenced.filter((cid) => !byId.has(cid));
  const unnamed = message.attachments.filter(
    (attachment) => attachment.contentId === null && attachment.related,
  );
  const paired =
    unknown.length > 0 && unknown.length === unnamed.length
      ? unknown.map((cid, index) => [cid, unnamed[index]!] as [string, OpenedAttachment])
      : [];
  return [...found, ...paired].filter(([, attachment]) => showable(attachment));
}

/**
 * The message's own images that its HTML shows by `cid:`, fetched as the attachments they
 * are and handed to the frame as data URLs (the frame's opaque origin cannot read this
 * page's blob URLs). Only images, only the ones the body uses.
 */
export function useInlineImages(
  source: InboxSource,
  message: OpenedMessage | undefined,
): ReadonlyMap<string, string> | undefined {
  const wanted = message ? inlineAttachments(message) : [];
  const images = useQuery({
    queryKey: [...source.key, 'inline-images', message?.id],
    enabled: wanted.length > 0,
    queryFn: async () => {
      const entries = await Promise.all(
        wanted.map(async ([cid, attachment]) => {
          try {
            const blob = await source.download(message!.id, attachment.id);
            return [cid, await readAsDataUrl(blob)] as const;
          } catch {
            return undefined;
          }
        }),
      );
      return new Map(entries.filter((entry) => entry !== undefined));
    },
  });
  // Nothing to fetch: an empty map at once, so the frame is not held back.
  if (wanted.length === 0) return message ? NONE : undefined;
  return images.data;
}
