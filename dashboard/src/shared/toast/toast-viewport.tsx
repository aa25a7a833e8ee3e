import { lazyRetrying } from '../loading/lazy-retrying';
import { LoadBoundary } from '../loading/load-boundary';
import { useCurrentToast, useToastTimer, type Toast } from './toast-store';

// The card's code loads with the first toast: most page loads show none (issue 24's budget).
const ToastCard = lazyRetrying(() => import('./toast-card').then(({ ToastCard }) => ToastCard));

/**
 * A toast as plain text, for when the card's code cannot be loaded: the first toast often
 * says the server cannot be reached, and then neither can the card. The next toast tries
 * the card again.
 */
function PlainToast({ toast }: { toast: Toast }) {
  useToastTimer(toast.id);
  return (
    <div
      data-testid="toast"
      className="pointer-events-auto rounded-lg border border-slate-300 bg-white p-4 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
    </div>
  );
}

function ShownToast({ toast }: { toast: Toast }) {
  return (
    <LoadBoundary key={toast.id} fallback={() => <PlainToast toast={toast} />}>
      <ToastCard toast={toast} />
    </LoadBoundary>
  );
}

/**
 * Where toasts appear: the top on a phone, bottom right from `sm` up, clear of a bar fixed
 * to that edge (the compact address bar, the consent bar) so none hides it. The two live regions
 * stay mounted so screen readers hear what is put in them; errors interrupt, the rest waits.
 */
export function ToastViewport() {
  const toast = useCurrentToast();
  const destructive = toast?.variant === 'destructive';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[var(--fixed-top,0px)] z-50 p-4 sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-[var(--fixed-bottom,0px)] sm:w-96">
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !destructive && <ShownToast toast={toast} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {toast && destructive && <ShownToast toast={toast} />}
      </div>
    </div>
  );
}
