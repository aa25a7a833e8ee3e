import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TempMailError } from '@tempmail/sdk';
import type { InboxSource } from './inbox-sources';
import { messageQueryOptions, messagesQueryOptions } from './message-queries';
import type { InboxMessage } from './normalize-message';

/**
 * What the reader asks of an inbox source beyond reading it, each absent where that source's
 * API offers no such call: the buttons that would need it are then not shown at all.
 */
export interface MessageActions {
  /** Deletes a message for good. */
  remove?: (id: string) => Promise<void>;
  /** Marks a message read or unread. */
  setSeen?: (id: string, seen: boolean) => Promise<void>;
  /** The message as received (RFC 5322), for what only its MIME parts tell. */
  readRaw?: (id: string, signal: AbortSignal) => Promise<string>;
}

/** The actions a source offers (its own optional members, which InboxSource need not list). */
export const messageActions = (source: InboxSource): MessageActions =>
  source as InboxSource & MessageActions;

/** Some of the messages asked for were left as they were; `count` says how many. */
export class PartlyFailedError extends Error {
  constructor(readonly count: number) {
    super(`${count} of the messages could not be changed.`);
  }
}

/** Already gone from the server: what a delete wanted. */
const isGone = (error: unknown) => error instanceof TempMailError && error.status === 404;

/**
 * The list as it is after a change here. A read of the list under way may have been
 * answered before the change, and would undo it: it is let finish, then changed again.
 */
function changeList(
  queryClient: QueryClient,
  source: InboxSource,
  change: (list: InboxMessage[]) => InboxMessage[],
) {
  const { queryKey } = messagesQueryOptions(source);
  const apply = () => queryClient.setQueryData(queryKey, (list) => list && change(list));
  apply();
  if (queryClient.isFetching({ queryKey }) > 0) {
    void queryClient.refetchQueries({ queryKey }, { cancelRefetch: false }).then(apply);
  }
}

/**
 * Deletes messages (one, or a selection) through the inbox's own API, then takes them out of
 * the cached list at once; a message that was already gone counts as deleted. Undefined
 * where the source cannot delete.
 */
export function useDeleteMessages(source: InboxSource) {
  const queryClient = useQueryClient();
  const { remove } = messageActions(source);
  const mutation = useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const outcomes = await Promise.allSettled(ids.map((id) => remove!(id)));
      const gone = new Set(
        ids.filter((_, index) => {
          const outcome = outcomes[index]!;
          return outcome.status === 'fulfilled' || isGone(outcome.reason);
        }),
      );
      changeList(queryClient, source, (list) => list.filter((message) => !gone.has(message.id)));
      if (gone.size < ids.length) throw new PartlyFailedError(ids.length - gone.size);
    },
  });
  return remove ? mutation : undefined;
}

/**
 * Marks messages read or unread: in the cached list and the opened message at once, then on
 * the server. A failure reads the list again, so it shows the server's truth. Undefined
 * where the source cannot.
 */
export function useSetSeen(source: InboxSource) {
  const queryClient = useQueryClient();
  const { setSeen } = messageActions(source);
  const mutation = useMutation({
    mutationFn: async ({ ids, seen }: { ids: readonly string[]; seen: boolean }) => {
      // Shown at once, in the list and the open message alike; each one that fails is put
      // back as it was.
      const before = new Map<string, boolean>();
      const show = (states: ReadonlyMap<string, boolean>) => {
        changeList(queryClient, source, (list) =>
          list.map((message) => {
            const state = states.get(message.id);
            if (state === undefined) return message;
            if (!before.has(message.id)) before.set(message.id, message.seen);
            return { ...message, seen: state };
          }),
        );
        for (const [id, state] of states) {
          queryClient.setQueryData(messageQueryOptions(source, id).queryKey, (opened) => {
            if (!opened) return opened;
            if (!before.has(id)) before.set(id, opened.seen);
            return { ...opened, seen: state };
          });
        }
      };
      show(new Map(ids.map((id) => [id, seen])));
      const outcomes = await Promise.allSettled(ids.map((id) => setSeen!(id, seen)));
      const failed = ids.filter((_, index) => outcomes[index]!.status === 'rejected');
      if (failed.length > 0) {
        show(new Map(failed.map((id) => [id, before.get(id) ?? !seen])));
        void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(source).queryKey });
        throw new PartlyFailedError(failed.length);
      }
    },
  });
  return setSeen ? mutation : undefined;
}

/** How many messages a failed action left as they were. */
export const failedCount = (error: Error | null) =>
  error instanceof PartlyFailedError ? error.count : 1;

/**
 * Where focus goes once these rows are gone: the row after the last of them (or else the
 * one before the first), as mail apps do, else the inbox's heading. Read before the rows go;
 * call the answer once they have.
 */
export function focusAfterRemoving(ids: readonly string[]): () => void {
  const removed = new Set(ids);
  const rows = Array.from(document.querySelectorAll<HTMLElement>('[data-message-id]'));
  const ownIds = rows.map((row) => row.dataset.messageId ?? '');
  const last = ownIds.findLastIndex((id) => removed.has(id));
  const after = ownIds.slice(last + 1).find((id) => !removed.has(id));
  const before = ownIds.slice(0, Math.max(last, 0)).findLast((id) => !removed.has(id));
  const target = after ?? before;
  return () => {
    const row = target
      ? document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(target)}"]`)
      : null;
    if (row) {
      row.focus();
      return;
    }
    const heading = document.getElementById('inbox-heading');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  };
}
