import { mailTmGetMessage, mailTmListMessages, unwrap } from '@tempmail/sdk';
import { queryOptions } from '@tanstack/react-query';
import { createApiClient } from '../../shared/create-api-client';
import type { FreeMailbox } from '../address/generate-address';

/** Every message query of one mailbox starts with this key, so one call can refresh them. */
export function inboxQueryKey(mailbox: FreeMailbox) {
  return ['mailtm', mailbox.id] as const;
}

/** The first page of the inbox (30 messages), newest first. */
export function messagesQueryOptions(mailbox: FreeMailbox) {
  return queryOptions({
    queryKey: [...inboxQueryKey(mailbox), 'messages'],
    queryFn: async ({ signal }) => {
      const page = await unwrap(
        mailTmListMessages({ client: createApiClient(mailbox.token), signal }),
      );
      return [...page['hydra:member']].sort(
        (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
      );
    },
  });
}

/** One message with its bodies. A message never changes once received, so it is read once. */
export function messageQueryOptions(mailbox: FreeMailbox, id: string) {
  return queryOptions({
    queryKey: [...inboxQueryKey(mailbox), 'message', id],
    queryFn: ({ signal }) =>
      unwrap(mailTmGetMessage({ client: createApiClient(mailbox.token), path: { id }, signal })),
  });
}
