import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressPanel } from '../address/address-panel';
import { CompactAddressBar } from '../address/compact-address-bar';
import { useFreeAddress } from '../address/use-free-address';
import { InboxPanel } from '../inbox/inbox-panel';
import { MessageView } from '../inbox/message-view';
import { BackToTopButton } from './back-to-top-button';

/** Tailwind's `lg` breakpoint: from here the list and the message sit side by side. */
const WIDE_SCREEN = '(min-width: 64rem)';

export function HomePage() {
  const { t } = useTranslation();
  const { state, generate } = useFreeAddress();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mailbox = state.status === 'ready' ? state.mailbox : null;
  const panes = useRef<HTMLDivElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);
  // The row to give focus back to once the list is shown again.
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    if (selectedId) {
      // On a narrow screen the row just pressed is now hidden; focus would fall to <body>.
      if (!window.matchMedia(WIDE_SCREEN).matches) backButton.current?.focus();
      return;
    }
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
    <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:py-10">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('home.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('home.subtitle')}</p>
      </div>
      <AddressPanel state={state} onGenerate={newAddress} />
      {mailbox && <CompactAddressBar key={mailbox.id} mailbox={mailbox} onGenerate={newAddress} />}
      {mailbox && (
        // Spec section 2: below `lg` one pane at a time, the open message in place of the list.
        <div ref={panes} className="grid gap-6 lg:grid-cols-[2fr_3fr]">
          <div className={`min-w-0 ${selectedId ? 'hidden lg:block' : ''}`}>
            <InboxPanel
              key={mailbox.id}
              mailbox={mailbox}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
          </div>
          {selectedId ? (
            <MessageView
              mailbox={mailbox}
              id={selectedId}
              onBack={backToInbox}
              backRef={backButton}
            />
          ) : (
            <p className="hidden self-center text-center text-slate-500 dark:text-slate-400 lg:block">
              {t('message.selectPrompt')}
            </p>
          )}
        </div>
      )}
      <BackToTopButton />
    </main>
  );
}
