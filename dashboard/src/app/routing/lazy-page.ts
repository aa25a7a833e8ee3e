import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage<P> {
  Page: ComponentType<P>;
  /** The page's module from the dashboard's root: the prerender preloads its chunks by it. */
  source: string;
  /** Loads the page's code; once done, the page renders at once instead of suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A page whose code is its own chunk. Unlike a bare React.lazy, a page preloaded before the
 * first render renders synchronously: the prerender's HTML then holds the page itself (not a
 * fallback with the page streamed after it), and hydration finds the same tree.
 */
export function lazyPage<P extends object>(
  source: string,
  load: () => Promise<ComponentType<P>>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Suspending, props);
  }
  return { Page, source, preload };
}
