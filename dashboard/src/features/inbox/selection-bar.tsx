import { flushSync } from 'react-dom';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { InboxSource } from './inbox-sources';
import { failedCount, focusAfterRemoving, useDeleteMessages, useSetSeen } from './message-actions';
import { COMPACT_DANGER, COMPACT_SECONDARY } from '../../shared/ui/button-classes';
import { busyButton } from '../../shared/ui/busy-button';

/**
 * Shown while rows are selected: how many, Clear, and what the mailbox's owner may do to
 * them all at once (mark read or unread, delete), wherever the inbox's API offers it.
 * Without `source` and `ids` it only counts and clears.
 */
export function SelectionBar({
  count,
  onClear,
  source,
  ids = [],
}: {
  count: number;
  onClear: () => void;
  source?: InboxSource;
  /** The selected messages still in the inbox. */
  ids?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <div
      role="toolbar"
      aria-label={t('inbox.selectionTools')}
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 dark:border-slate-700 bg-slate-50 dark:bg-slate-800 px-4 py-2 text-sm"
    >
      {/* Announced by the inbox's own status, which is on the page before the bar comes. */}
      <span>{t('inbox.selected', { count })}</span>
      <button
        type="button"
        onClick={onClear}
        className="rounded-md px-2 py-1 font-medium text-indigo-700 dark:text-indigo-300 underline focus-visible:outline-2 focus-visible:outline-focus"
      >
        {t('inbox.clearSelection')}
      </button>
      {source && ids.length > 0 && <BulkActions source={source} ids={ids} onDone={onClear} />}
    </div>
  );
}

function BulkActions({
  source,
  ids,
  onDone,
}: {
  source: InboxSource;
  ids: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const deleteMessages = useDeleteMessages(source);
  const setSeen = useSetSeen(source);

  async function remove() {
    const focusNext = focusAfterRemoving(ids);
    try {
      await deleteMessages?.mutateAsync(ids);
    } catch {
      // What failed stays selected, with the error beside it.
      return;
    }
    flushSync(onDone);
    focusNext();
  }

  const failure =
    (deleteMessages?.isError &&
      t('message.deleteFailed', { count: failedCount(deleteMessages.error) })) ||
    (setSeen?.isError && t('message.markFailed', { count: failedCount(setSeen.error) }));

  return (
    <>
      {setSeen && (
        <>
          <button
            type="button"
            onClick={() => setSeen.mutate({ ids, seen: true })}
            className={COMPACT_SECONDARY}
          >
            {t('inbox.bulk.read')}
          </button>
          <button
            type="button"
            onClick={() => setSeen.mutate({ ids, seen: false })}
            className={COMPACT_SECONDARY}
          >
            {t('inbox.bulk.unread')}
          </button>
        </>
      )}
      {deleteMessages && (
        <button
          type="button"
          {...busyButton(deleteMessages.isPending, () => void remove())}
          className={COMPACT_DANGER}
        >
          {t('inbox.bulk.delete')}
        </button>
      )}
      {failure && (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
    </>
  );
}
