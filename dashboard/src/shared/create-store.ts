import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T): void;
  /** The value in a component, re-rendered when it changes; `initial` while prerendering. */
  use(): T;
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
    return () => listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
