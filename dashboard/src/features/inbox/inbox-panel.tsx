import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyRetrying, preload } from '../../shared/loading/lazy-retrying';
import { LoadBoundary } from '../../shared/loading/load-boundary';
import { LoadFailed } from '../../shared/loading/load-failed';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useShortcutKeys } from '../../shared/keyboard/use-shortcut-keys';
import { StrokeIcon } from '../../shared/stroke-icon';
import { LINK_BUTTON, SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { Spinner } from '../../shared/ui/spinner';
import { filterMessages, inboxEmptyState, newBadgeId, type InboxView } from './filter-messages';
import type { InboxSource } from './inbox-sources';
import { FilterSortControls, SearchBox } from './inbox-view-controls';
import { focusAfterRemoving, useDeleteMessages } from './message-actions';
import type { InboxMessage } from './normalize-message';
import { MessageRow } from './message-row';
import { useLiveMessages } from './use-live-messages';
import { useMarkSeen } from './use-mark-seen';
import { Tooltip } from '../../shared/ui/tooltip';
import { INBOX_POLL_SECONDS } from '../../shared/product-facts';
import { useInboxAnnouncement } from './use-inbox-announcement';

// The selection bar's code loads once there is mail to select: an empty inbox, which every
// visitor starts with, never needs it (issue 24's budget for the home page).
const loadSelectionBar = () => import('./selection-bar');
const SelectionBar = lazyRetrying(() =>
  loadSelectionBar().then(({ SelectionBar }) => SelectionBar),
);

/** Relative times are redrawn this often, so "Now" turns into a time without a reload. */
const RELATIVE_TIME_REFRESH_MS = 60_000;

const ICON_BUTTON =
  'flex size-9 items-center justify-center rounded-lg text-slate-600 dark:text-slate-300 hover:bg-slate-100 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-focus aria-expanded:bg-indigo-50 aria-expanded:text-indigo-700';

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const ICONS = {
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  filter: 'M3 5h18M6 12h12M10 19h4',
};

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-1 flex-col justify-center px-4 py-10 text-center">
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

const INITIAL_VIEW: InboxView = { search: '', filter: 'all', sort: 'date' };

/** The row that has focus, if one has. */
function focusedRowId(): string | null {
  const row = document.activeElement?.closest<HTMLElement>('[data-message-id]');
  return row?.dataset.messageId ?? null;
}

function focusRow(id: string) {
  document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`)?.focus();
}

/**
 * The inbox list: count, Live indicator, search, filter
 * and sort on the client, selection with the bulk actions, and the empty states. Opening
 * a message marks it seen. Keys: j and k move down and up the list (opening the message
 * when one is open), Enter opens the row with focus, Delete deletes it (the open message's
 * own Delete is the reader's).
 */
export function InboxPanel({
  source,
  selectedId,
  onSelect,
  onGenerate,
  onListFailed,
}: {
  source: InboxSource;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Offered by the empty inbox, where a new address is a click away (not for Pro). */
  onGenerate?: () => void;
  /** Told when the list could not be read at all (the page may read it another way). */
  onListFailed?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { messages, live, expired, reachable } = useLiveMessages(source);
  const markSeen = useMarkSeen(source);
  const now = useMinuteClock();
  const [view, setView] = useState(INITIAL_VIEW);
  const [searchOpen, setSearchOpen] = useState(false);
  const [controlsOpen, setControlsOpen] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();
  const searchToggle = useRef<HTMLButtonElement>(null);
  const controlsId = useId();

  const list = useMemo(() => messages.data ?? [], [messages.data]);
  const announcement = useInboxAnnouncement(JSON.stringify(source.key), messages.data);
  const hasMail = list.length > 0;
  useEffect(() => {
    if (hasMail) preload(loadSelectionBar);
  }, [hasMail]);
  // Never read: "empty" would be untrue. A later failed read keeps the list already shown.
  const failed = messages.isError && messages.data === undefined;
  useEffect(() => {
    if (failed) onListFailed?.();
  }, [failed, onListFailed]);
  const shown = useMemo(
    () => filterMessages(list, view, i18n.language),
    [list, view, i18n.language],
  );
  const newId = newBadgeId(shown, view);
  // A selected message that has since gone from the inbox no longer counts.
  const checkedIds = list.filter((message) => checked.has(message.id)).map(({ id }) => id);
  const checkedCount = checkedIds.length;
  const narrowed = view.search.trim() !== '' || view.filter !== 'all';

  function open(message: InboxMessage) {
    if (!message.seen) markSeen(message.id);
    onSelect(message.id);
  }

  /** j and k: the next or previous row from the one with focus, else from the open one. */
  function move(step: 1 | -1) {
    const from = focusedRowId() ?? selectedId;
    const index = shown.findIndex((message) => message.id === from);
    const next = shown[index === -1 ? (step === 1 ? 0 : shown.length - 1) : index + step];
    if (!next) return;
    if (selectedId) open(next);
    focusRow(next.id);
  }

  const deleteMessages = useDeleteMessages(source);
  async function deleteFocused() {
    const id = focusedRowId();
    if (!id || !deleteMessages) return;
    const focusNext = focusAfterRemoving([id]);
    try {
      await deleteMessages.mutateAsync([id]);
    } catch {
      return;
    }
    focusNext();
  }

  const removeFocused = selectedId ? undefined : () => void deleteFocused();
  useShortcutKeys({
    j: () => move(1),
    k: () => move(-1),
    Delete: removeFocused,
    Backspace: removeFocused,
  });

  function check(id: string, on: boolean) {
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function toggleSearch() {
    if (searchOpen) setView((current) => ({ ...current, search: '' }));
    setSearchOpen(!searchOpen);
  }

  const emptyState = inboxEmptyState(list.length, view);

  return (
    <section
      aria-labelledby="inbox-heading"
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 dark:border-slate-700 px-4 py-3">
        <h2 id="inbox-heading" className="text-lg font-semibold">
          {t('inbox.title')}
        </h2>
        <span
          className="rounded-full bg-slate-100 dark:bg-slate-800 px-2 text-sm"
          data-testid="message-count"
        >
          <span aria-hidden="true">{list.length}</span>
          <span className="sr-only">{t('inbox.count', { count: list.length })}</span>
        </span>
        {/* On the page from the start, so that what is put in it later is read out. */}
        <p role="status" className="sr-only" data-testid="inbox-announcement">
          {announcement}
        </p>
        <span className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${expired ? 'bg-slate-400' : live ? 'bg-green-500' : reachable ? 'bg-amber-500' : 'bg-red-500'}`}
          />
          {/* An expired inbox is neither listened to nor polled: say so, not "checking". */}
          {expired
            ? t('inbox.stopped')
            : live
              ? t('inbox.live')
              : t(reachable ? 'inbox.polling' : 'inbox.unreachable', {
                  seconds: INBOX_POLL_SECONDS,
                })}
        </span>
        <span className="ml-auto flex items-center gap-1">
          <Tooltip label={t('inbox.refresh')}>
            <button
              type="button"
              onClick={() => void messages.refetch()}
              aria-label={t('inbox.refresh')}
              className={ICON_BUTTON}
            >
              <StrokeIcon path={ICONS.refresh} />
            </button>
          </Tooltip>
          <Tooltip label={t('inbox.search')}>
            <button
              ref={searchToggle}
              type="button"
              onClick={toggleSearch}
              aria-expanded={searchOpen}
              aria-controls={searchOpen ? searchId : undefined}
              aria-label={t('inbox.search')}
              className={ICON_BUTTON}
            >
              <StrokeIcon path={ICONS.search} />
            </button>
          </Tooltip>
          <Tooltip label={t('inbox.filterSort')} align="end">
            <button
              type="button"
              onClick={() => setControlsOpen(!controlsOpen)}
              aria-expanded={controlsOpen}
              aria-controls={controlsOpen ? controlsId : undefined}
              aria-label={t('inbox.filterSort')}
              className={ICON_BUTTON}
            >
              <StrokeIcon path={ICONS.filter} />
            </button>
          </Tooltip>
        </span>
      </div>
      {searchOpen && (
        <SearchBox
          id={searchId}
          value={view.search}
          onChange={(search) => setView({ ...view, search })}
          onClose={() => {
            toggleSearch();
            searchToggle.current?.focus();
          }}
        />
      )}
      {controlsOpen && <FilterSortControls id={controlsId} view={view} onChange={setView} />}
      {checkedCount > 0 && (
        <LoadBoundary
          fallback={(retry) => (
            <div className="px-4 py-2">
              <LoadFailed retry={retry} />
            </div>
          )}
        >
          <SelectionBar
            count={checkedCount}
            source={source}
            ids={checkedIds}
            onClear={() => setChecked(new Set())}
          />
        </LoadBoundary>
      )}
      {deleteMessages?.isError && (
        <p role="alert" className="px-4 py-2 text-sm text-red-700 dark:text-red-300">
          {t('message.deleteFailed', { count: 1 })}
        </p>
      )}
      {/* On the page from the start, so that each change is read out: what a search or a
          filter leaves, and how many rows are selected (the selection bar comes with the
          first, its words already in it). */}
      <p role="status" className="sr-only">
        {narrowed && t('inbox.shown', { shown: shown.length, total: list.length })}
      </p>
      <p role="status" className="sr-only">
        {checkedCount > 0 && t('inbox.selected', { count: checkedCount })}
        {/* The bar comes above the list, behind the reader's Tab: said with the first row. */}
        {checkedCount === 1 && ` ${t('inbox.selectionWhere')}`}
      </p>
      {messages.isLoading ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 px-4 py-10 text-slate-600 dark:text-slate-300"
        >
          <Spinner size="sm" />
          {t('loaders.fetching')}
        </p>
      ) : failed ? (
        <div role="alert" className="px-4 py-10 text-center">
          <p className="font-medium">{t('inbox.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void messages.refetch()}
            disabled={messages.isFetching}
            className={`mt-3 ${SECONDARY_BUTTON}`}
          >
            {t('errors.tryAgain')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <EmptyState title={t(`inbox.${emptyState}`)}>
          {emptyState === 'empty' && (
            <>
              {!expired && (
                <p className="text-sm text-slate-500 dark:text-slate-400">{t('inbox.waiting')}</p>
              )}
              {onGenerate && (
                <p className="mt-3 text-sm">
                  {t('inbox.generatePrompt')}{' '}
                  <button type="button" onClick={onGenerate} className={LINK_BUTTON}>
                    {t('inbox.generate')}
                  </button>
                </p>
              )}
            </>
          )}
        </EmptyState>
      ) : (
        <ul
          aria-labelledby="inbox-heading"
          className="max-h-[550px] divide-y divide-slate-100 dark:divide-slate-800 overflow-y-auto lg:max-h-none lg:min-h-0 lg:flex-1"
        >
          {shown.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              current={message.id === selectedId}
              checked={checked.has(message.id)}
              isNew={message.id === newId}
              now={now}
              onOpen={open}
              onCheck={check}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
