import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const BULK_ACTIONS = ['read', 'archive', 'delete'] as const;

/**
 * Shown while rows are selected: Clear, and the bulk actions, which are Pro features and so
 * disabled here. They stay focusable (`aria-disabled`) so a keyboard or screen-reader user
 * finds them and hears why they do nothing.
 */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <div
      role="toolbar"
      aria-label={t('inbox.selectionTools')}
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 dark:border-slate-700 bg-slate-50 dark:bg-slate-800 px-4 py-2 text-sm"
    >
      <span aria-live="polite">{t('inbox.selected', { count })}</span>
      <button
        type="button"
        onClick={onClear}
        className="rounded-md px-2 py-1 font-medium text-indigo-700 dark:text-indigo-300 underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {t('inbox.clearSelection')}
      </button>
      <span id={noteId} className="sr-only">
        {t('inbox.proFeature')}
      </span>
      {BULK_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          aria-disabled="true"
          aria-describedby={noteId}
          title={t('inbox.proFeature')}
          onClick={(event) => event.preventDefault()}
          className="flex cursor-not-allowed items-center gap-1 rounded-md border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 px-2 py-1 text-slate-500 dark:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t(`inbox.bulk.${action}`)}
          <span className="rounded bg-amber-100 dark:bg-amber-900 px-1 text-xs font-semibold text-amber-800 dark:text-amber-200">
            {t('inbox.pro')}
          </span>
        </button>
      ))}
    </div>
  );
}
