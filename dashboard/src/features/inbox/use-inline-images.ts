import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';
import { messageActions } from './message-actions';
import { rawMessageQueryOptions } from './message-queries';
import type { OpenedAttachment, OpenedMessage } from './normalize-message';
import { cidOfHeader } from './normalize-cid';
import { imageTypeOf, MAX_INLINE_IMAGE_BYTES, readInlineParts } from './read-inline-parts';

const NONE: ReadonlyMap<string, string> = new Map();

/** As many inline images as a message may ask to fetch one by one. */
const MAX_FETCHED_IMAGES = 30;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The attachments the API names by Content-ID that can show as images. */
function namedImages(message: OpenedMessage): [string, OpenedAttachment, string][] {
  return message.attachments.flatMap((attachment) => {
    const type = imageTypeOf(attachment.contentType, attachment.filename);
    if (attachment.contentId === null || !type || attachment.size > MAX_INLINE_IMAGE_BYTES) {
      return [];
    }
    return [[cidOfHeader(attachment.contentId), attachment, type] as const];
  });
}

/**
 * The message's own images its HTML shows by `cid:`, as data URLs by `cid:` key (the frame
 * cannot read this page's blob URLs). Where the API names each attachment's Content-ID (the
 * Pro inbox), those attachments are fetched; where it does not (mail.tm's wire format,
 * a free address's), the raw message is read once and the images come from its MIME parts,
 * so every form of Content-ID and every kind of part (with or without an inline
 * disposition) is found.
 */
export function useInlineImages(
  source: InboxSource,
  message: OpenedMessage | null | undefined,
): ReadonlyMap<string, string> | undefined {
  const named = message ? namedImages(message).slice(0, MAX_FETCHED_IMAGES) : [];
  const queryClient = useQueryClient();
  const { readRaw } = messageActions(source);
  const wanted = message != null && /cid:/i.test(message.html);
  const fromRaw = wanted && named.length === 0 && readRaw !== undefined;
  const enabled = wanted && (named.length > 0 || fromRaw);
  const images = useQuery({
    queryKey: [...source.key, 'inline-images', message?.id],
    enabled,
    staleTime: Infinity,
    queryFn: async () => {
      if (fromRaw) {
        return readInlineParts(
          await queryClient.fetchQuery(rawMessageQueryOptions(source, message!.id)),
        );
      }
      const entries = await Promise.all(
        named.map(async ([cid, attachment, type]) => {
          try {
            const blob = await source.download(message!.id, attachment.id);
            // Typed as the image it is, whatever the server labelled it.
            return [cid, await readAsDataUrl(new Blob([blob], { type }))] as const;
          } catch {
            return undefined;
          }
        }),
      );
      return new Map(entries.filter((entry) => entry !== undefined));
    },
  });
  if (!message) return undefined;
  // Nothing to fetch, or it failed: the body shows at once, its cid: images left out.
  if (!enabled || images.isError) return NONE;
  return images.data;
}
