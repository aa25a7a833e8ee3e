import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T): void;
  /** The value in a component, re-rendered when it changes; `initial` while prerendering. */
  use(): T;
  /**
   * The same, each change rendered as a transition: React renders it in slices between
   * which the browser answers input, where `use()` renders it in one piece. For a value that
   * re-renders the whole page (the shell's user).
   */
  useInTransition(): T;
}

/**
 * A value shared by components that are not parent and child (the toast, the open dialog,
 * the page's address), outside React so plain functions can change it too.
 */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    get,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => initial),
    useInTransition() {
      // `initial` first, as the prerender wrote it; a change made before this subscribed is
      // caught up with at once.
      const [current, setCurrent] = useState(initial);
      useEffect(() => {
        const update = () => startTransition(() => setCurrent(() => value));
        update();
        return subscribe(update);
      }, []);
      return current;
    },
  };
}
