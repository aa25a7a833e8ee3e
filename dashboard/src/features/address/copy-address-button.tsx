import { useTranslation } from '../../shared/i18n/use-translation';
import { showToast } from '../../shared/toast/toast-store';
import { CopyButton } from '../../shared/ui/copy-button';

/** Copies the address, and says so in a toast (a phone's reader may not see the button). */
export function CopyAddressButton({ address }: { address: string | null }) {
  const { t } = useTranslation();
  return (
    <CopyButton
      text={address}
      onCopied={() =>
        showToast({ title: t('address.copiedTitle'), description: t('address.copiedMessage') })
      }
      className="rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50"
    />
  );
}
