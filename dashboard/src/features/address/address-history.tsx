import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { StrokeIcon } from '../../shared/stroke-icon';
import { SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { liveAddresses } from './choose-shown-address';
import { endsBeforeExpiry } from './address-ending';
import { EndingText } from './ending-text';
import { formatExpiryTime } from './format-expiry-time';
import type { PageAddress } from './page-address';

/** Where each key moves focus along the list, from the index of the focused entry. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The session's addresses that still live, behind a button beside the address: choosing one
 * shows it and its inbox. A custom address that ends says how, or that it has ended (it is
 * still listed: its mail is there until it expires). A disclosure of plain buttons, so a
 * screen reader hears a list of addresses with the shown one marked current, and Tab, the
 * arrow keys, Home and End move through it; Escape, a choice, or focus leaving closes it.
 * Laid out in the flow below the address's buttons (not over the page), so it fits a phone
 * as it fits a laptop. Rendered only when there is another address to go back to
 * (hasOtherLiveAddress).
 */
export function AddressHistory({
  addresses,
  shown,
  now,
  onChoose,
}: {
  addresses: readonly PageAddress[];
  shown: PageAddress | null;
  now: number;
  onChoose: (address: PageAddress) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const live = liveAddresses(addresses, now);

  // As a menu does: the list opens with focus on the shown address, ready for the arrows.
  useEffect(() => {
    if (!open) return;
    const current = list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]');
    (current ?? list.current?.querySelector<HTMLButtonElement>('button'))?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function move(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const next = MOVES[event.key];
    if (!next || buttons.length === 0) return;
    event.preventDefault();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[next(Math.max(index, 0), buttons.length)]?.focus();
  }

  return (
    // `contents`: the button sits in the row of address buttons, the list on its own line below.
    <div
      className="contents"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={`${SECONDARY_BUTTON} px-3`}
      >
        <StrokeIcon path="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2" />
        {t('address.history')}
        <span className="rounded-full bg-slate-200 px-2 text-sm dark:bg-slate-700">
          {/* Read as "Your addresses (2)", not "Your addresses2". */}
          <span className="sr-only"> (</span>
          {live.length}
          <span className="sr-only">)</span>
        </span>
      </button>
      {open && (
        // Focusable, so a click on its text keeps focus (and the list open) inside it.
        <div
          tabIndex={-1}
          className="order-last w-full rounded-xl border border-slate-200 bg-white p-2 shadow-sm focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="px-2 pb-1 text-sm text-slate-600 dark:text-slate-300">
            {t('address.historyHint')}
          </p>
          <ul
            ref={list}
            id={listId}
            aria-label={t('address.history')}
            onKeyDown={move}
            className="max-h-64 space-y-1 overflow-y-auto"
          >
            {live.map((entry) => {
              const current = entry.address === shown?.address;
              return (
                <li key={entry.address}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => {
                      if (!current) onChoose(entry);
                      close();
                    }}
                    className="flex w-full items-start gap-2 rounded-lg px-2 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus aria-[current=true]:bg-indigo-50 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-indigo-950"
                  >
                    <span className={`mt-0.5 shrink-0 ${current ? '' : 'invisible'}`}>
                      <StrokeIcon path="M5 13l4 4L19 7" />
                    </span>
                    <span className="min-w-0">
                      <span className="block font-mono text-sm break-all">{entry.address}</span>
                      {!endsBeforeExpiry(entry, now) && (
                        <span className="block text-sm text-slate-600 dark:text-slate-300">
                          {t('address.until', {
                            time: formatExpiryTime(entry.expiresAt, now, i18n.language),
                          })}
                        </span>
                      )}
                      {entry.ending && (
                        <span className="block text-sm text-slate-600 dark:text-slate-300">
                          <EndingText ending={entry.ending} now={now} />
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
