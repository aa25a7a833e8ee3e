import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { translateComparisonRows } from './comparison-rows';

/**
 * The Free vs Pro table. Self-contained so the upgrade dialog can show it too. On a phone its
 * cells wrap to fit the narrowest box it stands in (the upgrade dialog's, 286 px at 360),
 * rather than scroll sideways with nothing to say they can; the box still scrolls should a
 * language's word not fit.
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
      className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-focus dark:border-slate-700"
    >
      <table className="w-full border-collapse text-left text-sm [overflow-wrap:anywhere]">
        <caption
          id={captionId}
          className={caption ? 'px-3 py-2 text-left font-semibold' : 'sr-only'}
        >
          {caption ?? t('comparison.caption')}
        </caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              {t('comparison.featureColumn')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              {t('comparison.freeColumn')}
            </th>
            <th
              scope="col"
              className="px-2 py-2 font-semibold text-indigo-700 sm:px-3 dark:text-indigo-300"
            >
              {t('comparison.proColumn')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-2 py-2 font-medium sm:px-3">
                {row.feature}
              </th>
              <td className="px-2 py-2 text-slate-600 sm:px-3 dark:text-slate-300">{row.free}</td>
              <td className="px-2 py-2 font-medium text-slate-900 sm:px-3 dark:text-slate-100">
                {row.pro}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
