import { TempMailError } from '@tempmail/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { INBOX_POLL_SECONDS } from '../../shared/product-facts';
import { serverReachable } from '../../shared/server-reachable';
import { sortNewestFirst, type InboxChange, type InboxSource } from './inbox-sources';
import type { InboxMessage } from './normalize-message';
import { messageQueryOptions, messagesQueryOptions } from './message-queries';
import { USER_QUERY_KEY } from '../account/user-query';

/** The spec's inbox poll, used only while the live stream is down. */
const INBOX_POLL_MS = INBOX_POLL_SECONDS * 1000;

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
 * The list after one change the stream announced. A message the list has keeps its place
 * (a seen change must not move it above another of the same second) and, from a frame
 * without them, its codes and link; a new one is sorted in.
 */
export function withChange(
  list: InboxMessage[],
  change: Exclude<InboxChange, { kind: 'unknown' }>,
): InboxMessage[] {
  if (change.kind === 'deleted') return list.filter((message) => message.id !== change.id);
  const { message } = change;
  if (!list.some((listed) => listed.id === message.id)) return sortNewestFirst([message, ...list]);
  return list.map((listed) =>
    listed.id === message.id
      ? {
          ...message,
          codes: message.codes ?? listed.codes,
          link: message.link === undefined ? listed.link : message.link,
        }
      : listed,
  );
}

/** Whether a change brings a message the list lacks without its codes: the list is read again. */
export function lacksCodes(list: InboxMessage[], change: InboxChange): boolean {
  return (
    change.kind === 'message' &&
    change.message.codes === undefined &&
    !list.some((listed) => listed.id === change.message.id)
  );
}

/**
 * `read`, run once however often it is asked for meanwhile: asked while it runs, it runs
 * once more afterwards (the run under way may have been answered before what prompted the
 * ask), so a burst of asks costs at most two reads.
 */
function coalesce(read: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void read().finally(() => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}

/**
 * The inbox, kept current by its event stream. Each frame carries the message as the list
 * shows it (new, seen, or deleted), so the cached list is changed in place and not read
 * again; the list is read once more only when a frame cannot be applied, and each time the
 * stream opens (whatever came before it), and such reads are coalesced. While the stream is
 * down the list is polled.
 */
export function useLiveMessages(source: InboxSource) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  // An expired inbox's token (or Pro) is refused: stop listening and polling, keep the list.
  const expired = useExpired(source.expiresAt);

  useEffect(() => {
    if (expired) return;
    const { queryKey } = messagesQueryOptions(source);
    const reread = coalesce(async () => {
      // A read under way is waited for, not cancelled: cancelled, it would still have cost
      // the server a request.
      const options = { cancelRefetch: false };
      if (queryClient.isFetching({ queryKey }) > 0) {
        await queryClient.refetchQueries({ queryKey }, options);
      }
      await queryClient.refetchQueries({ queryKey }, options);
    });
    const stream = source.openStream();
    stream.onopen = () => {
      setLive(true);
      // The stream tells of what comes from here on. A list read before (on a first open,
      // in parallel with it; at a reconnect, before the drop) may lack what came meanwhile.
      reread();
    };
    stream.onmessage = (event: MessageEvent<string>) => {
      const change = source.readFrame(event.data);
      if (!change) return;
      const list = queryClient.getQueryData(queryKey);
      if (change.kind === 'unknown' || list === undefined) {
        reread();
        return;
      }
      queryClient.setQueryData(queryKey, withChange(list, change));
      if (lacksCodes(list, change)) reread();
      if (change.kind === 'message') {
        // `seen` is the one thing of an opened message that changes.
        const { seen, id } = change.message;
        queryClient.setQueryData(messageQueryOptions(source, id).queryKey, (opened) =>
          opened && opened.seen !== seen ? { ...opened, seen } : opened,
        );
      }
      // A read under way may have been answered before this change, and would undo it.
      if (queryClient.isFetching({ queryKey }) > 0) reread();
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
  // The inbox's read refused (a mailbox token of an ended generation, 401; the session gone,
  // 403): the account signed out everywhere from another device, or its Pro ended. The
  // server is there; the user is read again, and the page turns into what they are now.
  const refused =
    messages.error instanceof TempMailError &&
    (messages.error.status === 401 || messages.error.status === 403);
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [refused, queryClient]);
  // Live, or the last read answered (a refusal too): the server is there. A failed read says
  // it is not.
  const reachable = live || !messages.isError || refused;
  useEffect(() => serverReachable.set(reachable), [reachable]);
  return { messages, live, expired, reachable };
}
