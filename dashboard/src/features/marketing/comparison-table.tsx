import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { translateComparisonRows } from './comparison-rows';

/**
 * The Free vs Pro table. Self-contained so the upgrade dialog can show it too; on a phone it
 * scrolls sideways inside its own box rather than widening the page.
 */
export function ComparisonTable({ caption }: { caption?: string }) {
  const { t, i18n } = useTranslation('marketing');
  const captionId = useId();
  const rows = translateComparisonRows(t, i18n.language);

  return (
    // A scrolling box must be focusable, or keyboard users cannot scroll it (WCAG 2.1.1).
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-700"
    >
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <caption
          id={captionId}
          className={caption ? 'px-3 py-2 text-left font-semibold' : 'sr-only'}
        >
          {caption ?? t('comparison.caption')}
        </caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('comparison.featureColumn')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('comparison.freeColumn')}
            </th>
            <th
              scope="col"
              className="px-3 py-2 font-semibold text-indigo-700 dark:text-indigo-300"
            >
              {t('comparison.proColumn')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-3 py-2 font-medium">
                {row.feature}
              </th>
              <td className="px-3 py-2 text-slate-600 dark:text-slate-300">{row.free}</td>
              <td className="px-3 py-2 font-medium text-slate-900 dark:text-slate-100">
                {row.pro}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
