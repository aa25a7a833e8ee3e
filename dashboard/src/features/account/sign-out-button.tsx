import { TempMailError } from '@tempmail/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { showToast } from '../../shared/toast/toast-store';
import { SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { FullScreenLoader } from '../../shared/ui/full-screen-loader';
import { endSession, reloadSignedOut } from './end-session';

/**
 * Sign out, confirmed first: the server ends the session, the dialog it stands in closes
 * (`onLeave`), and the page loads again as the signed-out browser it now is. A refusal
 * says so in a toast and changes nothing.
 */
export function SignOutButton({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: () => {
      setConfirming(false);
      onLeave();
      setLeaving(true);
      reloadSignedOut(queryClient);
    },
    onError: (error) =>
      showToast({
        title: t('profile.errorTitle'),
        description:
          error instanceof TempMailError && error.message
            ? error.message
            : t('profile.logoutFailed'),
        variant: 'destructive',
      }),
  });
  return (
    <>
      <button type="button" className={SECONDARY_BUTTON} onClick={() => setConfirming(true)}>
        {t('profile.logout')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('profile.logoutConfirmTitle')}
        message={t('profile.logoutConfirm')}
        confirmLabel={t('profile.logout')}
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onOpenChange={setConfirming}
      />
      {leaving && <FullScreenLoader text={t('loaders.loading')} />}
    </>
  );
}
