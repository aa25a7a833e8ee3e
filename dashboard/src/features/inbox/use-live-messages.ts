import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { InboxSource } from './inbox-sources';
import { messagesQueryOptions } from './message-queries';

/** The spec's inbox poll, used only while the live stream is down. */
export const INBOX_POLL_MS = 10_000;

/** setTimeout's longest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether the inbox has expired, turning true at its expiry. */
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
 * The inbox, kept current by its event stream: each new message re-reads the list at once,
 * and so does every reconnect (whatever came while it was down). While the stream is down
 * the list is polled.
 */
export function useLiveMessages(source: InboxSource) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  // An expired inbox's token (or Pro) is refused: stop listening and polling, keep the list.
  const expired = useExpired(source.expiresAt);

  useEffect(() => {
    if (expired) return;
    const stream = source.openStream();
    const { queryKey } = messagesQueryOptions(source);
    const refresh = () => void queryClient.invalidateQueries({ queryKey });
    let opened = false;
    stream.onopen = () => {
      setLive(true);
      if (opened) refresh();
      opened = true;
    };
    stream.onmessage = (event: MessageEvent<string>) => {
      if (source.announcesMessage(event.data)) refresh();
    };
    stream.onerror = () => setLive(false);
    return () => {
      stream.close();
      setLive(false);
    };
  }, [source, queryClient, expired]);

  const messages = useQuery({
    ...messagesQueryOptions(source),
    enabled: !expired,
    refetchInterval: live || expired ? false : INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
  return { messages, live };
}
