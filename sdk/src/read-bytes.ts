import type { Client } from './generated/client/index.js';
import { getMessageAttachment, getMessageRaw } from './generated/sdk.gen.js';
import { unwrap, type CallResult } from './unwrap-result.js';

/**
 * The generated calls for binary answers pick how to read the body from its content type:
 * `message/rfc822` is none they know (read as JSON, it fails), and their types say Blob
 * where `parseAs: 'arrayBuffer'` gives an ArrayBuffer. These read the bytes and say so.
 */
async function bytesOf(call: Promise<CallResult>): Promise<Uint8Array> {
  return new Uint8Array((await unwrap(call)) as unknown as ArrayBuffer);
}

/** A message exactly as received (its RFC 5322 source), byte for byte. Does not mark it seen. */
export function readMessageRaw(
  client: Client,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  return bytesOf(getMessageRaw({ client, path: { id }, parseAs: 'arrayBuffer', ...options }));
}

/** One attachment's content, decoded, byte for byte. */
export function readAttachment(
  client: Client,
  messageId: string,
  attachmentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  return bytesOf(
    getMessageAttachment({
      client,
      path: { id: messageId, attachmentId },
      parseAs: 'arrayBuffer',
      ...options,
    }),
  );
}
