import type { Kysely } from 'kysely';
import type { MessageStore } from '../../features/messages/message-store.js';
import type { DatabaseSchema } from '../schema.js';
import { createMessageChanges } from './messages-change.js';
import { createMessagePurge } from './messages-purge.js';
import { createMessageQueries } from './messages-read.js';
import { createMessageWritePath } from './messages-write.js';

/**
 * Messages, their bodies, raw sources and attachments: the ingest's write path, the
 * queries, the reader's changes and the retention purge, over one database. It is the
 * message service's store (features/messages/message-store.ts).
 */
export function createMessagesRepository(db: Kysely<DatabaseSchema>) {
  return {
    ...createMessageWritePath(db),
    ...createMessageQueries(db),
    ...createMessageChanges(db),
    ...createMessagePurge(db),
  } satisfies MessageStore;
}
