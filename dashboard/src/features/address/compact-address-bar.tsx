import { useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useScrolledPast } from '../../shared/scroll/use-scrolled-past';
import { useScrollPadding } from '../../shared/scroll/use-scroll-padding';
import { CopyAddressButton } from './copy-address-button';
import type { PageAddress } from './page-address';
import { useCountdownText } from './use-countdown';

/** The compact bar appears once the page has scrolled this far. */
const SHOW_AFTER_PX = 200;

/**
 * The address kept in reach while reading down the home page on a phone: address, copy, new
 * address (free only) and the time left. Hidden from `lg` up, where the page is short beside
 * itself, and rendered only while shown so it adds no hidden tab stops.
 */
export function CompactAddressBar({
  mailbox,
  pro,
  onGenerate,
}: {
  mailbox: PageAddress;
  pro: boolean;
  onGenerate: () => void;
}) {
  const { t } = useTranslation();
  const left = useCountdownText(mailbox.expiresAt);
  const bar = useRef<HTMLDivElement>(null);
  const shown = useScrolledPast(SHOW_AFTER_PX);
  // Fixed over the top of the page: what takes focus (Shift+Tab) is scrolled clear of it.
  useScrollPadding(bar, 'top', shown);
  if (!shown) return null;
  return (
    <div
      ref={bar}
      role="region"
      aria-label={t('address.compactBar')}
      className="fixed inset-x-0 top-0 z-30 flex items-center gap-2 border-b border-slate-200 dark:border-slate-700 bg-white/95 dark:bg-slate-900/95 px-3 py-2 shadow-sm backdrop-blur lg:hidden"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-mono text-sm">{mailbox.address}</span>
        {/* The bar has one short line for it: Pro's time left is in the panel and header. */}
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {pro && !mailbox.ending ? t('pro.persistentNote') : left}
        </span>
      </span>
      <CopyAddressButton address={mailbox.address} />
      {/* Pro resets from the address panel, which asks first. */}
      {!pro && (
        <button
          type="button"
          onClick={onGenerate}
          className="shrink-0 rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          {t('address.new')}
        </button>
      )}
    </div>
  );
}
