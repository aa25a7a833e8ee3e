import { unwrap, verifyCheckout } from '@tempmail/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Navigate, useSearchParams } from 'react-router';
import type { Language } from '../../shared/preferences/choose-language';
import { SiteLink } from '../../shared/routing/site-link';
import { sitePath } from '../../shared/routing/site-routes';
import { createApiClient } from '../../shared/create-api-client';
import { PRO_RETENTION_HOURS } from '../../shared/product-facts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { CheckList } from '../../shared/ui/check-list';
import { SUCCESS_POLL_ATTEMPTS, SUCCESS_POLL_MS, shortSessionId } from './success-polling';
import { isProUser } from '../account/pro-status';
import { USER_QUERY_KEY, userQueryOptions } from '../account/user-query';
import { ApiTokenPanel } from '../pro/api-token-panel';
import { Spinner } from '../../shared/ui/spinner';
import { AppQueries } from '../account/app-queries';
import { SITE_NAME } from '../site/site-page-frame';
import { usePageMeta } from '../site/use-page-meta';

/**
 * `/pro/success?cs=…`: waits for the payment to turn into Pro, reading the
 * user every 2 s up to 10 times, with a manual check; then welcomes the new Pro user and
 * hands over their API token.
 */
function ProSuccessContent() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('cs');
  const queryClient = useQueryClient();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // A paid verification replaces the session cookie and ends the old one, so the page
  // welcomes only once it has answered: a call sent before that (the home page's address
  // list, after "Start using Pro") would reach the server with the ended cookie and be
  // answered as a stranger's, with no addresses, and the home page would make a new one.
  const [verified, setVerified] = useState(false);

  // Asks the server to look at the session at once: with a payment provider, its webhook
  // may not have arrived yet. Its answer carries the user, and names the email waiting for
  // its confirmation link, if one was given at checkout.
  useEffect(() => {
    if (!sessionId) return;
    void unwrap(verifyCheckout({ client: createApiClient(), query: { session_id: sessionId } }))
      .then((verification) => {
        setPendingEmail(verification.pendingEmail);
        queryClient.setQueryData(USER_QUERY_KEY, verification.user);
      })
      // Unanswered, the user's polling below decides; the next page load uses the cookie.
      .catch(() => undefined)
      .finally(() => setVerified(true));
  }, [sessionId, queryClient]);

  const user = useQuery({
    ...userQueryOptions,
    enabled: sessionId !== null,
    refetchInterval: (query) => {
      const attempts = query.state.dataUpdateCount + query.state.errorUpdateCount;
      return isProUser(query.state.data) || attempts >= SUCCESS_POLL_ATTEMPTS
        ? false
        : SUCCESS_POLL_MS;
    },
  });

  // Every answer re-renders this page, so the query's counters are current here.
  const state = queryClient.getQueryState(USER_QUERY_KEY);
  const attempts = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  const pro = verified && isProUser(user.data);
  // The tab's title says where the purchase stands, as the heading does.
  usePageMeta({
    title: `${pro ? t('proSuccess.welcome') : t('loaders.upgrading')} | ${SITE_NAME}`,
    language: i18n.language,
  });

  const home = sitePath('home', i18n.language as Language);
  if (!sessionId) return <Navigate to={home} replace />;
  const gaveUp = !pro && attempts >= SUCCESS_POLL_ATTEMPTS;
  const features = t('proSuccess.features', {
    returnObjects: true,
    hours: PRO_RETENTION_HOURS,
  }) as string[];

  return (
    <main className="mx-auto w-full max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900">
        {pro ? (
          <>
            {/* Where the spinner turned: the wait is over, announced as it was. */}
            <p
              role="status"
              className="mb-2 inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800 dark:bg-green-950 dark:text-green-200"
            >
              <span aria-hidden="true">✓</span>
              {t('loaders.success')}
            </p>
            <h1 className="text-2xl font-bold">{t('proSuccess.welcome')}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('proSuccess.unlocked')}</p>
            <CheckList items={features} className="mx-auto mt-4 max-w-sm text-left" />
            {pendingEmail && (
              <p className="mt-4 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100">
                {t('proSuccess.confirmEmail', { email: pendingEmail })}
              </p>
            )}
            <section
              aria-labelledby="api-token-heading"
              className="mt-6 border-t border-slate-200 pt-4 text-left dark:border-slate-700"
            >
              <h2 id="api-token-heading" className="mb-2 font-semibold">
                {t('proSuccess.apiHeading')}
              </h2>
              <ApiTokenPanel />
            </section>
            <SiteLink to={home} className={`mt-6 ${PRIMARY_BUTTON}`}>
              {t('proSuccess.start')}
            </SiteLink>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">{t('loaders.upgrading')}</h1>
            <div role="status" className="mt-3 space-y-2 text-slate-600 dark:text-slate-300">
              <Spinner size="lg" className="mx-auto" />
              <p>{t('proSuccess.wait')}</p>
              <p>{t('proSuccess.processing')}</p>
            </div>
            {gaveUp && (
              <p role="alert" className="mt-4 text-amber-800 dark:text-amber-200">
                {t('proSuccess.slow')}
              </p>
            )}
            <button
              type="button"
              onClick={() => void user.refetch()}
              disabled={gaveUp || user.isFetching}
              className={`mt-4 ${SECONDARY_BUTTON}`}
            >
              {t('proSuccess.check')}
            </button>
          </>
        )}
        {/* For support, should the payment need looking into; not something to read. */}
        <details className="mt-6 text-xs text-slate-500 dark:text-slate-400">
          <summary className="cursor-pointer py-1">{t('proSuccess.details')}</summary>
          <p className="mt-1">{t('proSuccess.session', { id: shortSessionId(sessionId) })}</p>
        </details>
      </div>
    </main>
  );
}

/** The page, with the app's data layer it calls the API through. */
export function ProSuccessPage() {
  return (
    <AppQueries>
      <ProSuccessContent />
    </AppQueries>
  );
}
