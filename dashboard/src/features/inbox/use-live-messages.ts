import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FreeMailbox } from '../address/generate-address';
import { inboxQueryKey, messagesQueryOptions } from './inbox-queries';

/** The spec's inbox poll, used only while the live stream is down. */
export const INBOX_POLL_MS = 10_000;

/** True for a Mercure frame carrying a Message; the server follows each with its Account. */
function isMessageFrame(data: unknown): boolean {
  if (typeof data !== 'string') return false;
  try {
    return (JSON.parse(data) as { '@type'?: unknown })['@type'] === 'Message';
  } catch {
    return false;
  }
}

/** setTimeout's longest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the mailbox has expired, turning true at its expiry. */
function useExpired(expiresAt: number): boolean {
  const [expired, setExpired] = useState(() => Date.now() >= expiresAt);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const left = expiresAt - Date.now();
      setExpired(left <= 0);
      if (left > 0) timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expired;
}

/**
 * The inbox, kept current by the mail.tm Mercure stream: each new message re-reads the list
 * at once. The stream has no replay, so a reconnect re-reads it too, and while the stream is
 * down the list is polled. EventSource cannot send headers, hence the token in the query.
 */
export function useLiveMessages(mailbox: FreeMailbox) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  // An expired mailbox's token is refused: stop listening and polling, keep the last list.
  const expired = useExpired(mailbox.expiresAt);

  useEffect(() => {
    if (expired) return;
    const url = new URL('/.well-known/mercure', window.location.origin);
    url.searchParams.set('topic', `/accounts/${mailbox.id}`);
    url.searchParams.set('authorization', mailbox.token);
    const source = new EventSource(url);
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: [...inboxQueryKey(mailbox), 'messages'] });
    let opened = false;
    source.onopen = () => {
      setLive(true);
      if (opened) refresh();
      opened = true;
    };
    source.onmessage = (event: MessageEvent<unknown>) => {
      if (isMessageFrame(event.data)) refresh();
    };
    source.onerror = () => setLive(false);
    return () => {
      source.close();
      setLive(false);
    };
  }, [mailbox, queryClient, expired]);

  const messages = useQuery({
    ...messagesQueryOptions(mailbox),
    enabled: !expired,
    refetchInterval: live || expired ? false : INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
  return { messages, live };
}
