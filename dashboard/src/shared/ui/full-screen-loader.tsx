import { createPortal } from 'react-dom';
import { Spinner } from './spinner';

/**
 * The full-screen loader: a spinner and a short text over the
 * whole page, announced politely. Used for the start overlay and the logout transition.
 */
export function FullScreenLoader({ text }: { text: string }) {
  return createPortal(
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-white/90 text-slate-800 dark:bg-slate-950/90 dark:text-slate-100"
    >
      <Spinner size="lg" />
      <p className="font-medium">{text}</p>
    </div>,
    document.body,
  );
}
