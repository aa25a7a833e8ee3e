import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressPanel } from '../address/address-panel';
import { useFreeAddress } from '../address/use-free-address';
import { InboxPanel } from '../inbox/inbox-panel';
import { MessageView } from '../inbox/message-view';

export function HomePage() {
  const { t } = useTranslation();
  const { state, generate } = useFreeAddress();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mailbox = state.status === 'ready' ? state.mailbox : null;

  function newAddress() {
    setSelectedId(null);
    void generate();
  }

  return (
    <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:py-10">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('home.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('home.subtitle')}</p>
      </div>
      <AddressPanel state={state} onGenerate={newAddress} />
      {mailbox && (
        <div className="grid gap-6 md:grid-cols-[2fr_3fr]">
          <InboxPanel
            key={mailbox.id}
            mailbox={mailbox}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
          {selectedId ? (
            <MessageView mailbox={mailbox} id={selectedId} onBack={() => setSelectedId(null)} />
          ) : (
            <p className="hidden self-center text-center text-slate-500 dark:text-slate-400 md:block">
              {t('message.selectPrompt')}
            </p>
          )}
        </div>
      )}
    </main>
  );
}
