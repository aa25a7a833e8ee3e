import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InboxSource } from './inbox-sources';
import { messageQueryOptions, messagesQueryOptions } from './message-queries';

/**
 * Marks an opened message seen: in the cached list at once, and on the server where reading
 * it does not already (mail.tm's `PATCH /messages/{id}` `{seen: true}`). That PATCH answers
 * with the whole message, so for a message not read yet it is the read too: it runs as the
 * reader's query, which then asks the server nothing more. Call it before the reader is
 * shown. A failure re-reads the list so it shows the server's truth.
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

      const markSeen = source.markSeen;
      if (!markSeen) return;
      const detail = messageQueryOptions(source, id);
      const marked =
        queryClient.getQueryData(detail.queryKey) === undefined
          ? queryClient.fetchQuery({ ...detail, queryFn: () => markSeen(id) })
          : markSeen(id).then((opened) => {
              if (opened) queryClient.setQueryData(detail.queryKey, opened);
            });
      marked.catch(() => queryClient.invalidateQueries({ queryKey }));
    },
    [source, queryClient],
  );
}
