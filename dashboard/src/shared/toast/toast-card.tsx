import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { dismissToast, useToastTimer, type Toast } from './toast-store';

/** A toast dragged sideways this far is dismissed. */
const TOAST_SWIPE_THRESHOLD_PX = 50;
/** F8 moves focus to the toast (as in Radix's toast viewport). */
const TOAST_HOTKEY = 'F8';

/**
 * One toast: dismissed after its time (which stands still while it is pointed at or holds
 * focus), by its button, by Escape, by a swipe; F8 reaches it, and focus goes back after.
 */
export function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const destructive = toast.variant === 'destructive';
  const card = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  // Where focus was when F8 brought it here.
  const before = useRef<HTMLElement | null>(null);
  const [offset, setOffset] = useState(0);
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);

  useToastTimer(toast.id, pointed || focused);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || !card.current) return;
      if (!card.current.contains(document.activeElement)) {
        before.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      card.current.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** Gone: focus, if it was here, goes back to where F8 took it from. */
  const dismiss = () => {
    if (card.current?.contains(document.activeElement) && before.current?.isConnected) {
      before.current.focus();
    }
    dismissToast(toast.id);
  };

  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      start.current = event.clientX;
    },
    onPointerMove: (event: PointerEvent) => {
      if (start.current === null) return;
      const moved = event.clientX - start.current;
      // Captured only once it is a drag, so a plain click still reaches the Dismiss button.
      if (Math.abs(moved) > 4 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setOffset(moved);
    },
    onPointerUp: () => {
      if (Math.abs(offset) > TOAST_SWIPE_THRESHOLD_PX) dismiss();
      start.current = null;
      setOffset(0);
    },
    onPointerCancel: () => {
      start.current = null;
      setOffset(0);
    },
  };

  return (
    <div
      ref={card}
      tabIndex={-1}
      data-testid="toast"
      {...swipe}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(card.current?.contains(event.relatedTarget) ?? false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      className={`pointer-events-auto flex touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg focus-visible:outline-2 focus-visible:outline-focus ${
        destructive
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'
      }`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('toast.dismiss')}
        className="-m-1 flex size-8 shrink-0 items-center justify-center rounded text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
