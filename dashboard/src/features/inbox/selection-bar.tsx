import { useTranslation } from 'react-i18next';
import { ProFeatureButton } from './pro-feature-button';

const BULK_ACTIONS = ['read', 'archive', 'delete'] as const;

/** Shown while rows are selected: Clear, and the bulk actions, which are Pro features. */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation();
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
      {BULK_ACTIONS.map((action) => (
        <ProFeatureButton key={action} label={t(`inbox.bulk.${action}`)} />
      ))}
    </div>
  );
}
