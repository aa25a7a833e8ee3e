import { queryOptions } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';

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
