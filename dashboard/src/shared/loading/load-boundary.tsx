import { Component, Suspense, type ReactNode } from 'react';
import { retryFailedLoads } from './lazy-retrying';

/**
 * Where part of the page is loaded on demand (lazyRetrying): `loading` shows while its code
 * comes (nothing unless given), and a failure to load it (the server or the network down)
 * stays with that part: `fallback` shows in its place, with a retry that loads and renders
 * it again, instead of the whole page giving way to the app's error screen. A boundary
 * mounted anew (give it a `key`) tries again too.
 */
export class LoadBoundary extends Component<
  { children: ReactNode; fallback: (retry: () => void) => ReactNode; loading?: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  constructor(props: LoadBoundary['props']) {
    super(props);
    retryFailedLoads();
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed)
      return <Suspense fallback={this.props.loading ?? null}>{this.props.children}</Suspense>;
    return this.props.fallback(this.retry);
  }
}
