import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the prerendered HTML and while it hydrates, true once the app runs the page.
 * Controls that act through the app are disabled until then: a form's submit button
 * (pressed earlier, the browser would submit natively, reload and lose what was typed) and
 * the header's selects (a choice would change the box and nothing else).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
