import type { User } from '@tempmail/sdk';
import { openDialog, useOpenDialog, type AppDialogName } from '../features/account/dialog-store';
import { AccountDialog } from '../features/account/account-dialog';
import { ProfileDialog } from '../features/account/profile-dialog';
import { SignOutTransition } from '../features/account/sign-out-button';
import { RecoveryDialog } from '../features/account/recovery-dialog';
import { isFormerProUser, isProUser, proExpiry } from '../features/account/pro-status';
import { ApiDocsDialog } from '../features/pro/api-docs-dialog';
import { CustomAliasDialog } from '../features/pro/custom-alias-dialog';
import { ForwardingDialog } from '../features/pro/forwarding-dialog';
import { WebhooksDialog } from '../features/pro/webhooks-dialog';
import { UpgradeDialog } from '../features/upgrade/upgrade-dialog';
import { AppQueries } from '../features/account/app-queries';

/**
 * The dialogs any part of the app opens through `openDialog`, one at a time, with the app's
 * data layer they call the API through. The Pro ones exist only for a Pro user: for anyone
 * else their name opens the upgrade dialog instead. A signed-in user whose Pro has ended
 * has their account's dialog in the profile's place.
 */
export function AppDialogs({ user }: { user: User | undefined }) {
  return (
    <AppQueries>
      <Dialogs user={user} />
    </AppQueries>
  );
}

function Dialogs({ user }: { user: User | undefined }) {
  const open = useOpenDialog();
  const pro = isProUser(user);
  const proUntil = proExpiry(user);
  const props = (name: AppDialogName) => ({
    open: open === name,
    onOpenChange: (next: boolean) => openDialog(next ? name : null),
  });
  const wantsPro =
    open === 'alias' ||
    open === 'forwarding' ||
    open === 'webhooks' ||
    open === 'api-docs' ||
    open === 'profile';

  return (
    <>
      <UpgradeDialog
        pro={pro}
        open={open === 'upgrade' || (wantsPro && !pro)}
        onOpenChange={(next) => openDialog(next ? 'upgrade' : null)}
      />
      <RecoveryDialog variant="recovery" {...props('recovery')} />
      <RecoveryDialog variant="login" {...props('login')} />
      <SignOutTransition />
      {user && isFormerProUser(user) && <AccountDialog user={user} {...props('account')} />}
      {pro && user && proUntil !== null && (
        <>
          <CustomAliasDialog proExpiresAt={proUntil} {...props('alias')} />
          <ForwardingDialog {...props('forwarding')} />
          <WebhooksDialog userId={user.id} proUntil={proUntil} {...props('webhooks')} />
          <ApiDocsDialog {...props('api-docs')} />
          <ProfileDialog user={user} {...props('profile')} />
        </>
      )}
    </>
  );
}
