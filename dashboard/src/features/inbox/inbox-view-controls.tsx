import { useTranslation } from '../../shared/i18n/use-translation';
import { INBOX_FILTERS, INBOX_SORTS, type InboxView } from './filter-messages';

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-focus';

function Segmented<T extends string>({
  label,
  options,
  value,
  labelOf,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  labelOf: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      <span aria-hidden="true" className="mr-1 text-slate-600 dark:text-slate-300">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={`rounded-full px-3 py-1 ${FOCUS_RING} ${
            option === value
              ? 'bg-indigo-600 text-white'
              : 'bg-slate-100 dark:bg-slate-800 hover:bg-slate-200'
          }`}
        >
          {labelOf(option)}
        </button>
      ))}
    </div>
  );
}

/** The filter (All, Unread, Read) and sort (Date, Sender, Subject) choices. */
export function FilterSortControls({
  id,
  view,
  onChange,
}: {
  id: string;
  view: InboxView;
  onChange: (view: InboxView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      className="flex flex-col gap-2 border-b border-slate-200 dark:border-slate-700 px-4 py-3 text-sm"
    >
      <Segmented
        label={t('inbox.filterLabel')}
        options={INBOX_FILTERS}
        value={view.filter}
        labelOf={(filter) => t(`inbox.filters.${filter}`)}
        onChange={(filter) => onChange({ ...view, filter })}
      />
      <Segmented
        label={t('inbox.sortLabel')}
        options={INBOX_SORTS}
        value={view.sort}
        labelOf={(sort) => t(`inbox.sorts.${sort}`)}
        onChange={(sort) => onChange({ ...view, sort })}
      />
    </div>
  );
}

/** The search box; Escape closes it. */
export function SearchBox({
  id,
  value,
  onChange,
  onClose,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} className="border-b border-slate-200 dark:border-slate-700 px-4 py-3">
      <input
        type="search"
        // Opened on request, so the typing goes straight into it.
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        aria-label={t('inbox.searchLabel')}
        placeholder={t('inbox.searchPlaceholder')}
        className={`w-full rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2 text-sm ${FOCUS_RING}`}
      />
    </div>
  );
}
