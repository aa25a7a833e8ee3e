import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { InboxSource } from '../inbox/inbox-sources';
import { messagesQueryOptions } from '../inbox/message-queries';
import { SESSION_ADDRESSES_KEY } from './list-session-addresses';
import type { PageAddress } from './page-address';

/**
 * An address that ends with its first message ends on the server in the write that stores
 * that message. When the inbox shows mail to one the page still holds as open, the session's
 * addresses are read again (once), so it shows as ended from the server's own word.
 */
export function useFirstMessageEndings(
  source: InboxSource | null,
  addresses: readonly PageAddress[],
): void {
  const queryClient = useQueryClient();
  // A string, so the watch starts again only when these addresses change, not at each read.
  const awaited = addresses
    .filter((entry) => entry.ending?.endsAfterFirstMessage && !entry.ending.ended)
    .map((entry) => entry.address)
    .join(' ');

  useEffect(() => {
    if (!source || awaited === '') return;
    const waiting = new Set(awaited.split(' '));
    const { queryKey } = messagesQueryOptions(source);
    const watched = hashKey(queryKey);
    let asked = false;
    const check = () => {
      const messages = queryClient.getQueryData(queryKey) ?? [];
      if (asked || !messages.some((message) => waiting.has(message.mailbox ?? ''))) return;
      asked = true;
      void queryClient.invalidateQueries({ queryKey: SESSION_ADDRESSES_KEY });
    };
    check();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === watched) check();
    });
  }, [source, awaited, queryClient]);
}
