import { lazy, Suspense } from 'react';
import { useCurrentToast } from './toast-store';

// The card's code loads with the first toast: most page loads show none (issue 24's budget).
const ToastCard = lazy(() =>
  import('./toast-card').then(({ ToastCard }) => ({ default: ToastCard })),
);

/**
 * Where toasts appear: the top on a phone, bottom right from `sm` up. The two live regions
 * stay mounted so screen readers hear what is put in them; errors interrupt, the rest waits.
 */
export function ToastViewport() {
  const toast = useCurrentToast();
  const destructive = toast?.variant === 'destructive';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 p-4 sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:w-96">
      <div role="status" aria-live="polite" aria-atomic="true">
        <Suspense fallback={null}>
          {toast && !destructive && <ToastCard key={toast.id} toast={toast} />}
        </Suspense>
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        <Suspense fallback={null}>
          {toast && destructive && <ToastCard key={toast.id} toast={toast} />}
        </Suspense>
      </div>
    </div>
  );
}
