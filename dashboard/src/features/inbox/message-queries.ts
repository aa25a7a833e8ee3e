import { queryOptions } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';
import type { MessageActions } from './message-actions';

/** The inbox list, newest first. */
export function messagesQueryOptions(source: InboxSource) {
  return queryOptions({
    queryKey: [...source.key, 'messages'],
    queryFn: ({ signal }) => source.list(signal),
  });
}

/**
 * One message with its bodies. A received message never changes but for `seen`, which
 * marking it seen writes into this cache too: it is read once, and opening it again shows
 * it at once without asking the server.
 */
export function messageQueryOptions(source: InboxSource, id: string) {
  return queryOptions({
    queryKey: [...source.key, 'message', id],
    queryFn: ({ signal }) => source.read(id, signal),
    staleTime: Infinity,
  });
}

/**
 * The message as received (RFC 5322), for View source, Download .eml and the `cid:` images
 * of an API that does not name its parts: read once, shared by all three. Only where the
 * source can read it (see MessageActions.readRaw).
 */
export function rawMessageQueryOptions(source: InboxSource, id: string) {
  // messageActions(source), without importing the module that imports this one.
  const { readRaw } = source as InboxSource & MessageActions;
  return queryOptions({
    queryKey: [...source.key, 'raw', id],
    queryFn: ({ signal }) => readRaw!(id, signal),
    enabled: readRaw !== undefined,
    staleTime: Infinity,
  });
}
