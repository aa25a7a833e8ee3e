import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';

/** A tooltip opens after 700 ms of hover or focus... */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** ...or at once when another one closed less than 300 ms ago (moving along a toolbar). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip anywhere on the page closed: the skip window is shared. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

const ALIGN = {
  center: 'left-1/2 -translate-x-1/2',
  end: 'right-0',
} as const;
const SIDE = {
  bottom: 'top-full mt-1.5',
  top: 'bottom-full mb-1.5',
} as const;

/**
 * The name of an icon button, shown beside it on hover or keyboard focus. The button keeps
 * its own accessible name (aria-label): this bubble only repeats it for sighted readers, so
 * it is hidden from assistive technology. It stays open while the pointer is on it and
 * closes with Escape (WCAG 1.4.13). Our own, not a library's: it is on every page, inside
 * the public site's JavaScript budget.
 */
export function Tooltip({
  label,
  align = 'center',
  side = 'bottom',
  className = 'relative inline-flex',
  children,
}: {
  label: string;
  /** `end` for buttons at the right edge of the screen, so the bubble stays on it. */
  align?: keyof typeof ALIGN;
  /** `top` for buttons at the bottom of the screen. */
  side?: keyof typeof SIDE;
  /** The wrapper's place: relative by default; a fixed button's position goes here instead. */
  className?: string;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const change = useCallback((next: boolean) => {
    if (isOpen.current && !next) lastClosedAt = performance.now();
    isOpen.current = next;
    setOpen(next);
  }, []);
  const show = () => {
    clearTimeout(timer.current);
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) change(true);
    else timer.current = setTimeout(() => change(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    change(false);
  }, [change]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, hide]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span
      className={className}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      // A press is not a question about the button's name.
      onPointerDown={hide}
    >
      {children}
      {open && (
        <span
          aria-hidden="true"
          className={`absolute z-50 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900 ${ALIGN[align]} ${SIDE[side]}`}
        >
          {label}
        </span>
      )}
    </span>
  );
}
