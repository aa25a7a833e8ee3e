import { useTranslation } from '../i18n/use-translation';
import { LINK_BUTTON } from '../ui/button-classes';

/** A LoadBoundary's fallback: what could not be loaded, and Try again. */
export function LoadFailed({ text, retry }: { text?: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="text-sm text-red-800 dark:text-red-200">
      {text ?? t('errors.partFailed')}{' '}
      <button type="button" className={LINK_BUTTON} onClick={retry}>
        {t('errors.tryAgain')}
      </button>
    </p>
  );
}
