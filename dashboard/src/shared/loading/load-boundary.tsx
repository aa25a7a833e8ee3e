import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from './lazy-retrying';

/**
 * Holds a failure to load part of the page (a lazily loaded chunk, while the server or the
 * network is down) to that part: `fallback` shows in its place, with a retry that loads and
 * renders the part again, instead of the whole page giving way to the app's error screen.
 * A boundary mounted anew (give it a `key`) tries again too.
 */
export class LoadBoundary extends Component<
  { children: ReactNode; fallback: (retry: () => void) => ReactNode },
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
    if (!this.state.failed) return this.props.children;
    return this.props.fallback(this.retry);
  }
}
