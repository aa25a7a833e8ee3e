import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorText } from '../../shared/api-error-text';
import { useTranslation } from '../../shared/i18n/use-translation';
import { showToast } from '../../shared/toast/toast-store';
import { SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { FullScreenLoader } from '../../shared/ui/full-screen-loader';
import { endSession, reloadSignedOut, useLeavingSession } from './end-session';

type Reach = 'here' | 'everywhere';

/**
 * Sign out, and Sign out everywhere (every browser signed in to the account: one left signed
 * in on a shared or lost device), each confirmed first: the server ends the sessions, the
 * dialog they stand in closes (`onLeave`), and the page loads again as the signed-out
 * browser it now is. A refusal says so in a toast and changes nothing. An account with no
 * email (a pass bought without one) can be signed in to by no link: only this browser holds
 * it, so there is nothing to sign out elsewhere, and leaving it is said to be for good.
 */
export function SignOutButtons({ onLeave, hasEmail }: { onLeave: () => void; hasEmail: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Reach | null>(null);
  const end = useMutation({
    mutationFn: (reach: Reach) => endSession(reach === 'everywhere'),
    onSuccess: () => {
      setConfirming(null);
      onLeave();
      reloadSignedOut(queryClient);
    },
    onError: (error) =>
      showToast({
        title: t('profile.errorTitle'),
        description: apiErrorText(error, t, { fallback: t('profile.logoutFailed') }),
        variant: 'destructive',
      }),
  });
  const everywhere = confirming === 'everywhere';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setConfirming('here')}>
          {t('profile.logout')}
        </button>
        {hasEmail && (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => setConfirming('everywhere')}
          >
            {t('profile.logoutEverywhere')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t(
          everywhere ? 'profile.logoutEverywhereConfirmTitle' : 'profile.logoutConfirmTitle',
        )}
        message={t(
          everywhere
            ? 'profile.logoutEverywhereConfirm'
            : hasEmail
              ? 'profile.logoutConfirm'
              : 'profile.logoutNoEmailConfirm',
        )}
        confirmLabel={t(everywhere ? 'profile.logoutEverywhere' : 'profile.logout')}
        busy={end.isPending}
        onConfirm={() => confirming && end.mutate(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
    </>
  );
}

/**
 * The transition over the whole page between signing out and the reload: shown from the
 * app's root, as the dialog that signed out has closed by then.
 */
export function SignOutTransition() {
  const { t } = useTranslation();
  return useLeavingSession() ? <FullScreenLoader text={t('loaders.loading')} /> : null;
}
