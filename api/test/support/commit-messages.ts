import type {
  CommitBatch,
  CommitResult,
  ParsedMessage,
  ReceivedMessage,
} from '../../src/features/messages/message-types.js';

/** The ingest's write (the messages repository, or the commit writer in front of it). */
interface CommitsBatches {
  commitBatch(batch: CommitBatch): Promise<CommitResult>;
}

/**
 * Stores received messages through the same write the ingest makes, with nothing parsed
 * yet; their listing changed when the last one arrived. Returns their ids in order.
 */
export async function storeReceived(
  messages: CommitsBatches,
  received: readonly ReceivedMessage[],
): Promise<string[]> {
  const now = Math.max(0, ...received.map((message) => message.receivedAt));
  const { ids } = await messages.commitBatch({ received, parsed: [], now });
  const stored = ids.filter((id): id is string => id !== null);
  // Only a mailbox that has ended refuses a message; tests of that read commitBatch's ids.
  if (stored.length < ids.length) throw new Error('a message was refused: its mailbox ended');
  return stored;
}

/** Saves parse results through the ingest's write; per item, whether it was saved. */
export async function saveParsed(
  messages: CommitsBatches,
  items: readonly { id: string; parsed: ParsedMessage }[],
  now = Date.now(),
): Promise<boolean[]> {
  return (await messages.commitBatch({ received: [], parsed: items, now })).saved;
}
