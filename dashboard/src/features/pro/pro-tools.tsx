import { useTranslation } from '../../shared/i18n/use-translation';
import { StrokeIcon } from '../../shared/stroke-icon';
import { openDialog, type AppDialogName } from '../account/dialog-store';

const TOOLS: { dialog: AppDialogName; title: string; icon: string }[] = [
  { dialog: 'alias', title: 'alias.title', icon: 'M12 5v14M5 12h14' },
  { dialog: 'forwarding', title: 'forwarding.title', icon: 'M5 12h14M13 6l6 6-6 6' },
  {
    dialog: 'webhooks',
    title: 'webhooks.title',
    icon: 'M4 12a8 8 0 0116 0M8 12a4 4 0 018 0M12 12v8',
  },
  { dialog: 'api-docs', title: 'apiDocs.title', icon: 'M8 9l-4 3 4 3M16 9l4 3-4 3M14 5l-4 14' },
];

/**
 * The Pro home's place for what Pro adds (a chosen alias, forwarding, the API), where a free
 * visitor's page has its marketing: one press from the inbox rather than through the profile.
 */
export function ProTools() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="pro-tools-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="pro-tools-heading" className="text-lg font-semibold">
        {t('home.proTools')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('home.proToolsIntro')}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TOOLS.map((tool) => (
          <li key={tool.dialog}>
            <button
              type="button"
              onClick={() => openDialog(tool.dialog)}
              className="flex w-full items-center gap-3 rounded-xl border border-slate-200 p-3 text-left font-medium hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:border-slate-700 dark:hover:border-indigo-700 dark:hover:bg-indigo-950"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200">
                <StrokeIcon path={tool.icon} />
              </span>
              {t(tool.title)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
