import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An action that is a Pro feature, so it does nothing here (the bulk actions,
 * reply and delete are labelled Pro in the UI). It stays focusable (`aria-disabled`) so a
 * keyboard or screen-reader user finds it and hears why.
 */
export function ProFeatureButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={noteId}
      title={t('inbox.proFeature')}
      onClick={(event) => event.preventDefault()}
      className="flex cursor-not-allowed items-center gap-1 rounded-md border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 px-2 py-1 text-sm text-slate-500 dark:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {label}
      <span className="rounded bg-amber-100 dark:bg-amber-900 px-1 text-xs font-semibold text-amber-800 dark:text-amber-200">
        {t('inbox.pro')}
      </span>
      <span id={noteId} className="sr-only">
        {t('inbox.proFeature')}
      </span>
    </button>
  );
}
