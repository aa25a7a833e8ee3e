import { useHydrated } from '../use-hydrated';

/**
 * One-of-many filter buttons (the FAQ's and the blog's categories): toggle buttons with
 * `aria-pressed`, the chosen one filled. Disabled until the page has hydrated: pressed in the
 * prerendered page, a button would do nothing.
 */
export function FilterChips<T extends string>({
  label,
  values,
  chosen,
  labelOf,
  onChoose,
  className = '',
}: {
  label: string;
  values: readonly T[];
  chosen: T;
  labelOf: (value: T) => string;
  onChoose: (value: T) => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {values.map((value) => (
        <li key={value}>
          <button
            type="button"
            aria-pressed={chosen === value}
            disabled={!hydrated}
            onClick={() => onChoose(value)}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-focus aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:border-slate-600"
          >
            {labelOf(value)}
          </button>
        </li>
      ))}
    </ul>
  );
}
