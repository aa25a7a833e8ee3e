import { useQuery } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';
import type { OpenedMessage } from './normalize-message';
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

/** The Content-IDs an HTML body's `cid:` URLs name. */
function referencedCids(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(/cid:([^"'\s)>]+)/gi), (match) => decodeCid(match[1]!)));
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
  const used = message ? referencedCids(message.html) : new Set<string>();
  const wanted = (message?.attachments ?? []).filter(
    (attachment) =>
      attachment.contentId !== null &&
      attachment.contentType.startsWith('image/') &&
      attachment.size <= MAX_INLINE_IMAGE_BYTES &&
      used.has(attachment.contentId),
  );
  const images = useQuery({
    queryKey: [...source.key, 'inline-images', message?.id],
    enabled: wanted.length > 0,
    queryFn: async () => {
      const entries = await Promise.all(
        wanted.map(async (attachment) => {
          try {
            const blob = await source.download(message!.id, attachment.id);
            return [attachment.contentId!, await readAsDataUrl(blob)] as const;
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
