// The app's button looks, written once. Every one keeps a visible focus ring.

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export const PRIMARY_BUTTON = `${BASE} bg-indigo-600 text-white hover:bg-indigo-700`;

export const SECONDARY_BUTTON = `${BASE} border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800`;

export const DANGER_BUTTON = `${BASE} bg-red-600 text-white hover:bg-red-700`;

export const LINK_BUTTON =
  'font-medium text-indigo-700 underline focus-visible:outline-2 focus-visible:outline-focus dark:text-indigo-300';

export const TEXT_INPUT =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-focus aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-800';

// The same looks, smaller: for bars and toolbars where buttons sit in a line with text.
const COMPACT_BASE =
  'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export const COMPACT_PRIMARY = `${COMPACT_BASE} bg-indigo-600 text-white hover:bg-indigo-700`;

export const COMPACT_SECONDARY = `${COMPACT_BASE} border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800`;

/** An outlined button for an action that destroys something (Delete). */
export const COMPACT_DANGER = `${COMPACT_BASE} border border-slate-300 text-red-700 hover:bg-red-50 dark:border-slate-600 dark:text-red-300 dark:hover:bg-red-950`;

/**
 * The Pro label (the header's "Pro active", the address's "Pro"): in the one accent colour,
 * amber being kept for notes and warnings.
 */
export const PRO_BADGE =
  'rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100';
