import { wrapAddress } from '../../shared/ui/wrap-address';
import { createBillingPortalSession, unwrap, type User } from '@tempmail/sdk';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { LINK_BUTTON, SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { useAddressState } from '../address/address-store';
import { countdownUnits, formatCountdown } from '../address/format-countdown';
import { useCountdown } from '../address/use-countdown';
import { ApiTokenPanel } from '../pro/api-token-panel';
import { openDialog } from './dialog-store';
import { proExpiry } from './pro-status';
import { SignOutButtons } from './sign-out-button';
import { busyButton } from '../../shared/ui/busy-button';

function Remaining({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const left = formatCountdown(useCountdown(expiresAt), countdownUnits(t));
  return <>{left === null ? t('address.expired') : t('profile.remaining', { time: left })}</>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 font-medium wrap-anywhere">{children}</dd>
    </>
  );
}

/**
 * Profile (Pro only): the account (its id under Details), shortcuts to the Pro dialogs, the
 * API token with "Create a new token", the subscription with its remaining time (and the
 * billing portal for monthly subscribers), help, and Sign out, confirmed.
 */
export function ProfileDialog({
  open,
  user,
  onOpenChange,
}: DialogState & {
  user: User;
}) {
  const { t, i18n } = useTranslation();
  const address = useAddressState();
  const expiry = proExpiry(user);

  const portal = useMutation({
    mutationFn: () => unwrap(createBillingPortalSession({ client: createApiClient() })),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () =>
      showToast({
        title: t('profile.errorTitle'),
        description: t('profile.portalFailed'),
        variant: 'destructive',
      }),
  });

  const shortcut = (name: 'alias' | 'forwarding' | 'api-docs', label: string) => (
    <li>
      <button type="button" className={LINK_BUTTON} onClick={() => openDialog(name)}>
        {label}
      </button>
    </li>
  );

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('profile.title')}>
      <div className="space-y-5">
        <section aria-labelledby="profile-account">
          <h3 id="profile-account" className="mb-2 font-semibold">
            {t('profile.account')}
          </h3>
          <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <Row label={t('profile.email')}>{user.email ? wrapAddress(user.email) : '—'}</Row>
            <Row label={t('profile.plan')}>{t(`profile.plans.${user.plan}`)}</Row>
            <Row label={t('profile.currentAddress')}>
              {address.status === 'ready' ? wrapAddress(address.address.address) : '—'}
            </Row>
            {user.customAlias && <Row label={t('profile.alias')}>{user.customAlias}</Row>}
          </dl>
          {/* For support; not something to read every time. */}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer py-1 text-slate-600 dark:text-slate-300">
              {t('profile.details')}
            </summary>
            <dl className="mt-1 grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4">
              <Row label={t('profile.userId')}>
                <code>{user.id}</code>
              </Row>
            </dl>
          </details>
        </section>
        <section aria-labelledby="profile-shortcuts">
          <h3 id="profile-shortcuts" className="mb-2 font-semibold">
            {t('profile.shortcuts')}
          </h3>
          <ul className="space-y-1">
            {shortcut('alias', t('alias.title'))}
            {shortcut('forwarding', t('forwarding.title'))}
            {shortcut('api-docs', t('apiDocs.title'))}
          </ul>
        </section>
        <section aria-labelledby="profile-api">
          <h3 id="profile-api" className="mb-2 font-semibold">
            {t('profile.apiAccess')}
          </h3>
          <ApiTokenPanel enabled={open} />
        </section>
        <section aria-labelledby="profile-subscription">
          <h3 id="profile-subscription" className="mb-2 font-semibold">
            {/* A 24-hour pass is sold as no subscription: it is not called one here either. */}
            {t(user.plan === 'pro_monthly' ? 'profile.subscription' : 'profile.pass')}
          </h3>
          {expiry !== null && (
            <p className="text-sm">
              {/* A monthly plan says what happens at the period's end; a pass just ends. */}
              {t(
                user.plan !== 'pro_monthly'
                  ? 'profile.expires'
                  : user.proRenews
                    ? 'profile.renews'
                    : 'profile.ends',
                {
                  date: new Intl.DateTimeFormat(i18n.language, {
                    dateStyle: 'long',
                    timeStyle: 'short',
                  }).format(expiry),
                },
              )}{' '}
              <span data-testid="pro-remaining">
                <Remaining expiresAt={expiry} />
              </span>
            </p>
          )}
          {user.plan === 'pro_monthly' && (
            <button
              type="button"
              className={`mt-2 ${SECONDARY_BUTTON}`}
              {...busyButton(portal.isPending, () => portal.mutate())}
            >
              {portal.isPending ? t('loaders.loading') : t('profile.billingPortal')}
            </button>
          )}
        </section>
        <section aria-labelledby="profile-help">
          <h3 id="profile-help" className="mb-2 font-semibold">
            {t('profile.help')}
          </h3>
          <p className="text-sm">
            {t('profile.helpText')}{' '}
            <a href="/contact" className={LINK_BUTTON}>
              {t('profile.contact')}
            </a>
          </p>
        </section>
        <section aria-labelledby="profile-session" className="flex flex-wrap gap-2">
          <h3 id="profile-session" className="sr-only">
            {t('profile.session')}
          </h3>
          <SignOutButtons onLeave={() => onOpenChange(false)} hasEmail={Boolean(user.email)} />
        </section>
      </div>
    </AppDialog>
  );
}
