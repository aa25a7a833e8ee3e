import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the prerendered HTML and while it hydrates, true once the app runs the page. A
 * form disables its submit button until then: pressed earlier, the browser would submit it
 * natively, reloading the page and losing what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
