import { mailTmUpdateMessage, unwrap, type MailTmMessageJsonLd } from '@tempmail/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiClient } from '../../shared/create-api-client';
import type { FreeMailbox } from '../address/generate-address';
import { messagesQueryOptions } from './inbox-queries';

/**
 * Marks an opened message seen (mail.tm `PATCH /messages/{id}`, `{seen: true}`, sent as
 * `application/merge-patch+json` by the sdk). The list shows it at once rather than at the
 * next poll or stream frame; a failure re-reads the list so it shows the server's truth.
 */
export function useMarkSeen(mailbox: FreeMailbox) {
  const queryClient = useQueryClient();
  const { queryKey } = messagesQueryOptions(mailbox);
  const setSeen = (id: string, patch: Partial<MailTmMessageJsonLd>) =>
    queryClient.setQueryData(queryKey, (list) =>
      list?.map((message) => (message.id === id ? { ...message, ...patch } : message)),
    );

  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        mailTmUpdateMessage({
          client: createApiClient(mailbox.token),
          path: { id },
          body: { seen: true },
        }),
      ),
    onMutate: async (id) => {
      // A read already in flight would land after this and bring back the old `seen`.
      await queryClient.cancelQueries({ queryKey });
      setSeen(id, { seen: true });
    },
    onSuccess: (message) => setSeen(message.id, { seen: message.seen }),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
