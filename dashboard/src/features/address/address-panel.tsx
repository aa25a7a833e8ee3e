import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyRetrying } from '../../shared/loading/lazy-retrying';
import { LoadBoundary } from '../../shared/loading/load-boundary';
import { LoadFailed } from '../../shared/loading/load-failed';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PRIMARY_BUTTON, PRO_BADGE, SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { endsBeforeExpiry, hasEnded } from './address-ending';
import type { AddressState } from './address-store';
import { hasOtherLiveAddress } from './choose-shown-address';
import { CopyAddressButton } from './copy-address-button';
import { EndingText } from './ending-text';
import { countdownUnits, formatCountdown } from './format-countdown';
import type { PageAddress } from './page-address';
import { useCountdownText, useNow } from './use-countdown';
import { Spinner } from '../../shared/ui/spinner';
import { FREE_ADDRESS_LIFETIME_MINUTES } from '../../shared/product-facts';
import { busyButton } from '../../shared/ui/busy-button';

// The confirm dialog's code (Radix Dialog, about 13 KB gzip) loads when Reset first asks:
// the home page's JavaScript before interaction stays within its budget (issue 24).
const ConfirmDialog = lazyRetrying(() =>
  import('../../shared/ui/confirm-dialog').then(({ ConfirmDialog }) => ConfirmDialog),
);

// The history's code loads once there is a second address to go back to: a first visit has
// one (issue 24's budget for the home page).
const AddressHistory = lazyRetrying(() =>
  import('./address-history').then(({ AddressHistory }) => AddressHistory),
);

/** Why the address takes no more mail: it ran out, or its owner's ending came. */
function AddressNotice({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div
      id={id}
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{text}</p>
    </div>
  );
}

// It may wrap: "kept while your Pro is active: 29 days left" is longer than a phone in some
// languages.
const COUNTDOWN_CLASSES = 'text-sm text-slate-600 dark:text-slate-300';

function Countdown({ expiresAt, persistent }: { expiresAt: number; persistent: boolean }) {
  return (
    <p className={COUNTDOWN_CLASSES} data-testid="countdown">
      {useCountdownText(expiresAt, persistent)}
    </p>
  );
}

/**
 * The countdown's place while the first address is made, as wide as a new address's
 * countdown: on a phone it wraps to a line of its own, and the page below would otherwise
 * move down by that line when the address lands.
 */
function CountdownPlace() {
  const { t } = useTranslation();
  // A second gone, as a new address shows it: "59m 59s".
  const time = formatCountdown(FREE_ADDRESS_LIFETIME_MINUTES * 60_000 - 1000, countdownUnits(t));
  return (
    <p aria-hidden="true" className={`invisible ${COUNTDOWN_CLASSES}`}>
      {t('address.expiresIn', { time })}
    </p>
  );
}

function GenerateFailed({ state }: { state: Extract<AddressState, { status: 'failed' }> }) {
  const { t } = useTranslation();
  const busy = state.reason === 'rate-limited';
  return (
    // The toast announces the failure; this stays on the page for whoever looks.
    <div className="rounded-lg border border-red-200 dark:border-red-800 bg-red-50 dark:bg-red-950 p-3 text-red-800 dark:text-red-200">
      <p className="font-semibold">{busy ? t('errors.busyTitle') : t('errors.generateTitle')}</p>
      <p className="text-sm">{busy ? t('errors.busyDescription') : t(`errors.${state.reason}`)}</p>
    </div>
  );
}

/**
 * The home page's address with its countdown (and, for a custom address that ends, how it
 * ends), copy and new-address buttons, the session's other addresses, and, once it has
 * expired or ended, a notice saying so.
 */
export function AddressPanel({
  state,
  pro,
  addresses,
  onGenerate,
  onChoose,
  onResetPro,
}: {
  state: AddressState;
  pro: boolean;
  /** The session's addresses, newest first, for the history. */
  addresses: readonly PageAddress[];
  onGenerate: () => void;
  onChoose: (address: PageAddress) => void;
  /** Pro's 'Reset Pro email', once confirmed: a new address for the account. */
  onResetPro: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const now = useNow();
  // The address a confirmed reset moves away from, while the dialog asks.
  const [resetFrom, setResetFrom] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const mailbox = state.status === 'ready' ? state.address : null;
  const generating = state.status === 'generating' || state.status === 'waiting';
  const expired = mailbox !== null && mailbox.expiresAt <= now;
  // Ended: takes no more mail, but its messages stay until it expires.
  const ended = !expired && mailbox?.ending !== undefined && hasEnded(mailbox.ending, now);
  const notice = expired ? 'address-expired' : ended ? 'address-ended' : undefined;
  // A custom address that ends before it expires shows that end in the countdown's place.
  const endsFirst = mailbox !== null && endsBeforeExpiry(mailbox, now);
  // Said once a new address has been made, or another chosen: the box it lands in is no
  // status of its own.
  const [madeNow, setMadeNow] = useState('');
  const wasGenerating = useRef(false);
  const shownBefore = useRef<string | null>(null);
  useEffect(() => {
    if (generating) wasGenerating.current = true;
    if (generating || !mailbox) return;
    const before = shownBefore.current;
    shownBefore.current = mailbox.address;
    if (wasGenerating.current) {
      wasGenerating.current = false;
      setMadeNow(t('address.ready', { address: mailbox.address }));
    } else if (before !== null && before !== mailbox.address) {
      setMadeNow(t('address.showing', { address: mailbox.address }));
    }
  }, [generating, mailbox, t]);

  async function reset() {
    setResetting(true);
    await onResetPro();
    setResetting(false);
    setResetFrom(null);
  }

  return (
    <section
      aria-labelledby="address-heading"
      className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm sm:p-5"
    >
      <div className="mb-2 flex flex-wrap items-center gap-x-2">
        <h2 id="address-heading" className="text-base font-semibold sm:text-lg">
          {pro
            ? t(mailbox?.ending ? 'address.customHeading' : 'address.proHeading')
            : t('address.heading')}
        </h2>
        {pro && <span className={PRO_BADGE}>{t('pro.label')}</span>}
      </div>
      <p role="status" className="sr-only" data-testid="address-announcement">
        {madeNow}
      </p>
      {/* On a phone the address has a line of its own and the buttons the next; from `sm`
          they share one. */}
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap sm:gap-3">
        {/* The box keeps its height while generating, so nothing below jumps when it lands. */}
        <div className="flex min-h-12 w-full min-w-0 items-center rounded-lg border border-slate-300 dark:border-slate-600 bg-slate-50 dark:bg-slate-800 px-3 sm:flex-1">
          {mailbox ? (
            <input
              readOnly
              value={mailbox.address}
              aria-label={t('address.label')}
              aria-describedby={notice}
              onFocus={(event) => event.currentTarget.select()}
              className={`w-full min-w-0 bg-transparent font-mono text-base sm:text-lg ${expired ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}
            />
          ) : (
            <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
              {generating && <Spinner size="sm" />}
              {generating ? t('loaders.generating') : t('address.none')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CopyAddressButton address={mailbox && !expired ? mailbox.address : null} />
          {/* Pro's own way to a new address is Reset, which asks first. */}
          {!pro && (
            <button
              type="button"
              {...busyButton(generating, onGenerate)}
              className={`${expired ? PRIMARY_BUTTON : SECONDARY_BUTTON} whitespace-nowrap`}
            >
              {t('address.new')}
            </button>
          )}
          {/* Not while the page chooses its first address: there is nothing to go back to. */}
          {state.status !== 'waiting' && hasOtherLiveAddress(addresses, mailbox, now) && (
            <LoadBoundary fallback={(retry) => <LoadFailed retry={retry} />}>
              <AddressHistory addresses={addresses} shown={mailbox} now={now} onChoose={onChoose} />
            </LoadBoundary>
          )}
          {pro && (
            <button
              type="button"
              onClick={() => setResetFrom(mailbox?.address ?? null)}
              disabled={!mailbox}
              // Like New address for a free visitor: it asks before it changes anything.
              className={`${SECONDARY_BUTTON} whitespace-nowrap`}
            >
              {t('pro.resetEmail')}
            </button>
          )}
          {mailbox && endsFirst ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="address-ending">
              <EndingText ending={mailbox.ending!} now={now} />
            </p>
          ) : mailbox ? (
            <Countdown
              key={mailbox.address}
              expiresAt={mailbox.expiresAt}
              persistent={pro && !mailbox.ending}
            />
          ) : (
            generating && <CountdownPlace />
          )}
        </div>
      </div>
      {/* On a line of its own: the row above is full on a laptop already. */}
      {mailbox?.ending && !expired && !endsFirst && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="address-ending">
          <EndingText ending={mailbox.ending} now={now} />
        </p>
      )}
      {/* Always present, so the notice is announced when the address runs out or ends. */}
      <div role="status">
        {expired && (
          <AddressNotice
            id="address-expired"
            title={t('address.expiredTitle')}
            text={t('address.expiredText')}
          />
        )}
        {ended && (
          <AddressNotice
            id="address-ended"
            title={t('address.endedTitle')}
            text={t('address.endedText')}
          />
        )}
      </div>
      {state.status === 'failed' && (
        <div className="mt-4 space-y-3">
          <GenerateFailed state={state} />
          <p className="text-sm">
            {t('address.trouble')}{' '}
            <button
              type="button"
              onClick={onGenerate}
              className="font-medium text-indigo-700 dark:text-indigo-300 underline focus-visible:outline-2 focus-visible:outline-focus"
            >
              {t('errors.tryAgain')}
            </button>
          </p>
        </div>
      )}
      {resetFrom !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t('pro.resetConfirmTitle')}
            message={t('pro.resetConfirm', { address: resetFrom })}
            confirmLabel={t('pro.resetConfirmLabel')}
            busy={resetting}
            onConfirm={() => void reset()}
            onOpenChange={(next) => !next && setResetFrom(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
