import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Translation } from '../shared/i18n/use-translation';
import { retryFailedLoads } from '../shared/loading/lazy-retrying';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../shared/ui/button-classes';

/**
 * The app-wide error screen: whatever a render throws lands here instead of
 * a blank page. 'Try again' renders the app again (code that could not be loaded is loaded
 * anew); 'Reload page' starts over.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The app failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <main role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
            <h1 className="text-2xl font-bold">{t('errorScreen.title')}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('errorScreen.message')}</p>
            <details className="mt-4 text-left">
              <summary className="cursor-pointer font-medium">{t('errorScreen.details')}</summary>
              <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs dark:bg-slate-800">
                {error.message}
              </pre>
            </details>
            <div className="mt-6 flex justify-center gap-3">
              <button
                type="button"
                className={PRIMARY_BUTTON}
                onClick={() => {
                  retryFailedLoads();
                  this.setState({ error: null });
                }}
              >
                {t('errors.tryAgain')}
              </button>
              <button
                type="button"
                className={SECONDARY_BUTTON}
                onClick={() => window.location.reload()}
              >
                {t('errorScreen.reload')}
              </button>
            </div>
          </main>
        )}
      </Translation>
    );
  }
}
