import type { User } from '@tempmail/sdk';
import {
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { TranslatedWithTags, useTranslation } from '../../shared/i18n/use-translation';
import { lazyRetrying, preload } from '../../shared/loading/lazy-retrying';
import { LoadBoundary } from '../../shared/loading/load-boundary';
import { LoadFailed } from '../../shared/loading/load-failed';
import { openDialog } from '../account/dialog-store';
import { useReturnParams } from '../account/use-return-params';
import { proExpiry } from '../account/pro-status';
import { AddressPanel } from '../address/address-panel';
import { CompactAddressBar } from '../address/compact-address-bar';
import { useFirstMessageEndings } from '../address/use-first-message-endings';
import { useHomeAddress } from '../address/use-home-address';
import { InboxPanel } from '../inbox/inbox-panel';
import { mailTmInboxSource, proInboxSource, type InboxSource } from '../inbox/inbox-sources';
import { AdSlot } from '../marketing/ad-slot';
import { HomeSections } from '../marketing/home-sections';
import { ProTools } from '../pro/pro-tools';
import { SITE_NAME } from '../site/site-page-frame';
import { LINK_BUTTON } from '../../shared/ui/button-classes';
import { usePageMeta } from '../site/use-page-meta';
import { BackToTopButton } from './back-to-top-button';
import type { PageAddress } from '../address/page-address';
import { AppQueries } from '../account/app-queries';

// The message pane (with the HTML sanitizer) loads once the inbox has mail to open: the home
// page's first load stays within the public site's JavaScript budget.
const loadMessageView = () => import('../inbox/message-view');
const MessageView = lazyRetrying(() => loadMessageView().then(({ MessageView }) => MessageView));

/** Tailwind's `lg` breakpoint: from here the list and the message sit side by side. */
const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * Where the inbox reads from: a Pro user's aggregated inbox (every address they have), else
 * the free address's own mailbox. The Pro inbox stays the same source while its user
 * changes address: a new source would open its stream anew.
 */
function useInboxSource(user: User | undefined, pro: boolean, address: PageAddress | null) {
  const userId = user?.id;
  const proUntil = pro ? proExpiry(user) : null;
  const account = address?.account;
  const expiresAt = address?.expiresAt;
  const proSource = useMemo(
    () => (userId && proUntil !== null ? proInboxSource(userId, proUntil) : null),
    [userId, proUntil],
  );
  const addressSource = useMemo<InboxSource | null>(
    () =>
      !proSource && account && expiresAt !== undefined
        ? mailTmInboxSource(account, expiresAt)
        : null,
    [proSource, account, expiresAt],
  );
  return proSource ?? addressSource;
}

function HomeContent({ user, userLoading }: { user: User | undefined; userLoading: boolean }) {
  const { t, i18n } = useTranslation();
  usePageMeta({
    title: `${t('home.title')} | ${SITE_NAME}`,
    description: t('home.subtitle'),
    language: i18n.language,
  });
  useReturnParams();
  const {
    state: currentState,
    addresses: currentAddresses,
    generate,
    resetPro,
    choose,
    pro,
  } = useHomeAddress(user, userLoading);
  // A new address mounts the compact bar and the inbox: rendered deferred, React does that
  // in slices a tap can come between, not in one task of the address's answer (~45 ms of a
  // phone's CPU, measured). The list is deferred with it, so the two always agree (else a new
  // address already listed but not yet shown would count as another to go back to).
  const current = useMemo(
    () => ({ state: currentState, addresses: currentAddresses }),
    [currentState, currentAddresses],
  );
  const { state, addresses } = useDeferredValue(current);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mailbox = state.status === 'ready' ? state.address : null;
  // When the aggregated Pro inbox cannot be read, the address on screen is read through its
  // own mailbox meanwhile, and the page says so.
  const [aggregateFailed, setAggregateFailed] = useState(false);
  const readAlone = useCallback(() => setAggregateFailed(true), []);
  const source = useInboxSource(user, pro && !aggregateFailed, mailbox);
  useFirstMessageEndings(source, addresses);
  const panes = useRef<HTMLDivElement>(null);
  // The row to give focus back to once the list is shown again.
  const returnTo = useRef<string | null>(null);

  // On a narrow screen the row just pressed is now hidden; focus would fall to <body>. A
  // callback ref, since the message pane may mount only once its code has loaded.
  const focusBack = useCallback((button: HTMLButtonElement | null) => {
    if (button && !window.matchMedia(WIDE_SCREEN).matches) button.focus();
  }, []);

  useEffect(() => {
    if (selectedId) return;
    const id = returnTo.current;
    returnTo.current = null;
    if (!id) return;
    panes.current
      ?.querySelector<HTMLButtonElement>(`[data-message-id="${CSS.escape(id)}"]`)
      ?.focus();
  }, [selectedId]);

  function newAddress() {
    setSelectedId(null);
    void generate();
  }

  function backToInbox() {
    returnTo.current = selectedId;
    setSelectedId(null);
  }

  return (
    <main className="mx-auto w-full max-w-7xl space-y-4 px-4 py-4 sm:space-y-6 sm:py-8">
      {/* Nothing promotional above the address: the heading, then the address, then mail. */}
      <div>
        {/* Focusable from script only: "Back to top" brings focus here. */}
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {pro ? t('home.proTitle') : t('home.title')}
        </h1>
        <p className="mt-1 hidden text-slate-600 sm:block dark:text-slate-300">
          {pro ? t('home.proSubtitle') : t('home.subtitle')}
        </p>
      </div>
      <AddressPanel
        state={state}
        pro={pro}
        addresses={addresses}
        onGenerate={newAddress}
        onChoose={(address) => {
          setSelectedId(null);
          choose(address);
        }}
        onResetPro={() => {
          setSelectedId(null);
          return resetPro();
        }}
      />
      {mailbox && (
        <CompactAddressBar
          key={mailbox.address}
          mailbox={mailbox}
          pro={pro}
          onGenerate={newAddress}
        />
      )}
      {pro && aggregateFailed && mailbox && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('home.aggregateFailed', { address: mailbox.address })}
          <button type="button" onClick={() => setAggregateFailed(false)} className={LINK_BUTTON}>
            {t('home.showAllAddresses')}
          </button>
        </p>
      )}
      {/* A mail client: below `lg` one pane at a time, the open message in place of the
          list; from `lg` the list and the reader side by side, each scrolling on its own
          within a screen's height. The panes' place is kept while the address is made, so
          the page below does not jump when the inbox appears: the height of an empty inbox
          with its texts on the most lines any language takes (German and French on a 360 px
          phone: 275 px; 219 px from `sm` in all four). The inbox fills what it leaves. */}
      <div
        ref={panes}
        // Where the inbox's single-key shortcuts act (useShortcutKeys).
        data-shortcut-scope
        aria-busy={!source}
        className="grid min-h-[275px] gap-4 sm:min-h-[219px] lg:h-[clamp(32rem,calc(100dvh-14rem),52rem)] lg:grid-cols-[minmax(20rem,2fr)_5fr] lg:grid-rows-[minmax(0,1fr)] lg:gap-6"
      >
        {mailbox && source && (
          <>
            <div
              className={`min-w-0 lg:h-full ${selectedId ? 'hidden lg:block' : ''}`}
              // A reader heading for a message: its pane's code is on the way before the click.
              onPointerEnter={() => preload(loadMessageView)}
              onFocus={() => preload(loadMessageView)}
            >
              <InboxPanel
                key={source.key.join(':')}
                source={source}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onGenerate={pro ? undefined : newAddress}
                onListFailed={pro && mailbox.account && !aggregateFailed ? readAlone : undefined}
              />
            </div>
            {selectedId ? (
              <LoadBoundary
                key={selectedId}
                fallback={(retry) => <LoadFailed text={t('message.loadFailed')} retry={retry} />}
                loading={<p role="status">{t('loaders.loading')}</p>}
              >
                <MessageView
                  source={source}
                  id={selectedId}
                  onBack={backToInbox}
                  backRef={focusBack}
                />
              </LoadBoundary>
            ) : (
              <ReaderPlaceholder />
            )}
          </>
        )}
      </div>
      {/* Pro gets its tools; a free visitor the ads and what Pro adds. While it is not yet
          known who is looking, the ad slots keep their place, empty (see AdSlot). */}
      {pro ? (
        <ProTools />
      ) : (
        <>
          <AdSlot kind="rectangle" pending={userLoading} />
          {/* A boundary, so hydration does the address and the inbox first and these
              sections (most of the page's markup) afterwards, in short slices: a phone
              stays responsive. */}
          <Suspense fallback={null}>
            <HomeSections onUpgrade={openUpgrade} />
          </Suspense>
          <AdSlot kind="bottom" pending={userLoading} />
        </>
      )}
      <BackToTopButton />
    </main>
  );
}

/** Stable, so the memoized marketing sections are not rendered again for a new function. */
const openUpgrade = () => openDialog('upgrade');

/** The reader's place beside the list before a message is chosen, with the keys it answers to. */
function ReaderPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="hidden h-full flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-500 lg:flex dark:border-slate-700 dark:text-slate-400">
      <p>{t('message.selectPrompt')}</p>
      <p className="text-sm">
        <TranslatedWithTags
          i18nKey="message.shortcuts"
          components={{
            key: (
              <kbd className="rounded border border-slate-300 px-1.5 font-mono text-xs dark:border-slate-600" />
            ),
          }}
        />
      </p>
    </div>
  );
}

/** The page, with the app's data layer it calls the API through. */
export function HomePage(props: { user: User | undefined; userLoading: boolean }) {
  return (
    <AppQueries>
      <HomeContent {...props} />
    </AppQueries>
  );
}
