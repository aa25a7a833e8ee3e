import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InboxSource } from './inbox-sources';
import { messageQueryOptions, messagesQueryOptions } from './message-queries';

/**
 * Marks an unread message seen as it is opened: in the cached list at once, and on the
 * server. A message not read yet is marked by its read (the reader's query); one read
 * before, and since marked unread, opens from the cache, so it is marked with `setSeen`.
 * A failure re-reads the list so it shows the server's truth.
 */
export function useMarkSeen(source: InboxSource): (id: string) => void {
  const queryClient = useQueryClient();

  return useCallback(
    (id: string) => {
      const { queryKey } = messagesQueryOptions(source);
      const showSeen = () =>
        queryClient.setQueryData(queryKey, (list) =>
          list?.map((message) => (message.id === id ? { ...message, seen: true } : message)),
        );
      showSeen();
      // A read of the list under way may have been answered before this, with the old
      // `seen`: it is let finish (cancelled, it would still have cost a request) and
      // corrected.
      if (queryClient.isFetching({ queryKey }) > 0) {
        void queryClient.refetchQueries({ queryKey }, { cancelRefetch: false }).then(showSeen);
      }

      const detail = messageQueryOptions(source, id);
      if (!source.setSeen || queryClient.getQueryData(detail.queryKey) === undefined) return;
      source.setSeen(id, true).then(
        () =>
          queryClient.setQueryData(
            detail.queryKey,
            (opened) => opened && { ...opened, seen: true },
          ),
        () => queryClient.invalidateQueries({ queryKey }),
      );
    },
    [source, queryClient],
  );
}
