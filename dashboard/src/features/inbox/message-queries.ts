import { queryOptions } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';

/** The inbox list, newest first. */
export function messagesQueryOptions(source: InboxSource) {
  return queryOptions({
    queryKey: [...source.key, 'messages'],
    queryFn: ({ signal }) => source.list(signal),
  });
}

/** One message with its bodies. A message never changes once received, so it is read once. */
export function messageQueryOptions(source: InboxSource, id: string) {
  return queryOptions({
    queryKey: [...source.key, 'message', id],
    queryFn: ({ signal }) => source.read(id, signal),
  });
}
