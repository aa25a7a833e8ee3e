import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxSource } from './inbox-sources';
import { messagesQueryOptions } from './message-queries';

/**
 * Marks an opened message seen: on the server where reading it does not already (mail.tm's
 * `PATCH /messages/{id}` `{seen: true}`), and in the cached list at once rather than at the
 * next poll or stream frame. A failure re-reads the list so it shows the server's truth.
 */
export function useMarkSeen(source: InboxSource) {
  const queryClient = useQueryClient();
  const { queryKey } = messagesQueryOptions(source);

  return useMutation({
    mutationFn: async (id: string) => {
      await source.markSeen?.(id);
    },
    onMutate: async (id) => {
      // A read already in flight would land after this and bring back the old `seen`.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((message) => (message.id === id ? { ...message, seen: true } : message)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
