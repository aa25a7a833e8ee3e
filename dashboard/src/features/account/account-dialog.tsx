import type { User } from '@tempmail/sdk';
import { useTranslation } from '../../shared/i18n/use-translation';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { PRIMARY_BUTTON } from '../../shared/ui/button-classes';
import { wrapAddress } from '../../shared/ui/wrap-address';
import { ApiTokenPanel } from '../pro/api-token-panel';
import { PausedForwarding } from '../pro/paused-forwarding';
import { PausedWebhooks } from '../pro/paused-webhooks';
import { openDialog } from './dialog-store';
import { proExpiry } from './pro-status';
import { SignOutButtons } from './sign-out-button';

/**
 * Your account, for a signed-in user without Pro now (their Pro has ended; the profile is
 * Pro's): who is signed in, when Pro ended and the way back to it, the API token left from
 * Pro time (it still reads their addresses on the free limits, so it can be revoked here),
 * forwarding and webhooks paused until Pro returns (to turn off or delete), and Sign out,
 * which this browser may need most on a shared computer.
 */
export function AccountDialog({
  open,
  user,
  onOpenChange,
}: DialogState & {
  user: User;
}) {
  const { t, i18n } = useTranslation();
  const ended = proExpiry(user);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('account.title')}>
      <div className="space-y-5">
        <section aria-labelledby="account-plan" className="space-y-3">
          <h3 id="account-plan" className="sr-only">
            {t('profile.account')}
          </h3>
          {user.email && (
            <p className="wrap-anywhere">
              {t('account.signedInAs')}{' '}
              <span className="font-medium">{wrapAddress(user.email)}</span>
            </p>
          )}
          {ended !== null && (
            <p>
              {t('account.proEnded', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(ended),
              })}
            </p>
          )}
          <button type="button" className={PRIMARY_BUTTON} onClick={() => openDialog('upgrade')}>
            {t('account.getPro')}
          </button>
        </section>
        <section aria-labelledby="account-api">
          <h3 id="account-api" className="mb-2 font-semibold">
            {t('profile.apiAccess')}
          </h3>
          <ApiTokenPanel enabled={open} canCreate={false} />
        </section>
        <PausedForwarding enabled={open} />
        <PausedWebhooks enabled={open} />
        <section aria-labelledby="account-session">
          <h3 id="account-session" className="sr-only">
            {t('profile.session')}
          </h3>
          <SignOutButtons onLeave={() => onOpenChange(false)} hasEmail={Boolean(user.email)} />
        </section>
      </div>
    </AppDialog>
  );
}
