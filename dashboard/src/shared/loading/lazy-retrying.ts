import { createElement, lazy, type ComponentType } from 'react';

/** How to load again each lazily loaded component whose last load failed. */
const failed = new Set<() => void>();

/**
 * Lets every component whose code could not be loaded try again at its next render. Called
 * when a part is asked for anew (a LoadBoundary mounted or retried, the app's Try again),
 * not at once: a component that failed must keep failing until then, or React's own retry
 * of the render would start a new load each time and never show the failure.
 */
export function retryFailedLoads(): void {
  for (const reset of [...failed]) reset();
  failed.clear();
}

/**
 * A component whose code is loaded on first render, as with React.lazy, except that a
 * failed load is not kept for good: React.lazy answers every later render with the same
 * failure, so a chunk missed while the server was down stayed missing after it came back.
 */
export function lazyRetrying<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failed.add(reset);
          throw error;
        },
      ),
    );
  let current = attempt();
  const reset = () => {
    current = attempt();
  };
  function Retrying(props: P) {
    return createElement(current, props);
  }
  return Retrying;
}

/**
 * Starts loading code ahead of its use. A failure here is left unreported: the component's
 * own load tries again when it renders, and says so there if it fails too.
 */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
