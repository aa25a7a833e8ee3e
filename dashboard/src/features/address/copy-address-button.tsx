import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../shared/toast/toast-store';
import { COPY_FEEDBACK_MS } from './address-timing';

type CopyState = 'idle' | 'copied';

export function CopyAddressButton({ address }: { address: string | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      setState('idle');
      showToast({
        title: t('address.copyFailedTitle'),
        description: t('address.copyFailedDescription'),
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        disabled={!address}
        className="rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {state === 'copied' ? t('address.copied') : t('address.copy')}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' && t('address.copiedMessage')}
      </span>
    </>
  );
}
