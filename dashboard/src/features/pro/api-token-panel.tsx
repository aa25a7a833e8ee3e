import {
  getUserToken,
  revokeUserToken,
  rotateUserToken,
  TempMailError,
  unwrap,
} from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createApiClient } from '../../shared/create-api-client';
import { COMPACT_SECONDARY } from '../../shared/ui/button-classes';
import { CopyableCode } from '../../shared/ui/copyable-code';
import { busyButton } from '../../shared/ui/busy-button';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';

const TOKEN_KEY = ['user-token'] as const;

/**
 * The Pro user's API token, read once `enabled`; `null` after the user revoked it, until
 * they make a new one (the server answers 404 then, and makes none unasked). The server
 * keeps only a hash, so the full token comes in the one answer that makes it (the first
 * read, or a new token) and only its prefix after that: every place that shows it shares
 * this one cached answer.
 */
export function useApiToken(enabled: boolean) {
  return useQuery({
    queryKey: TOKEN_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await unwrap(getUserToken({ client: createApiClient(), signal }));
      } catch (error) {
        if (error instanceof TempMailError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    // Refetching would lose the one answer that carries the full token.
    staleTime: Infinity,
  });
}

/**
 * The token to copy when it has just been made, else its prefix and date; "Create a new
 * token", which replaces it at once; and "Revoke token", which ends it and leaves none (for
 * a token that may have leaked). Shown right after purchase, in the profile and in the API
 * documentation. Without Pro (`canCreate` false) only the token left from Pro time shows,
 * still reading on the free limits, with "Revoke token".
 */
export function ApiTokenPanel({
  enabled = true,
  canCreate = true,
}: {
  enabled?: boolean;
  canCreate?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useApiToken(enabled);
  // The revoke button goes with the token: focus moves to the one that makes a new one, or
  // without Pro to the line that says none is left.
  const createButton = useRef<HTMLButtonElement>(null);
  const noneLine = useRef<HTMLParagraphElement>(null);
  // Replacing or revoking a token stops the programs that use it: each is asked first.
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  // Said in a region that is on the page before it speaks.
  const [done, setDone] = useState('');
  const rotate = useMutation({
    mutationFn: () => unwrap(rotateUserToken({ client: createApiClient() })),
    onSuccess: (fresh) => {
      queryClient.setQueryData(TOKEN_KEY, fresh);
      setDone(t('apiDocs.created'));
    },
  });
  const revoke = useMutation({
    mutationFn: () => unwrap(revokeUserToken({ client: createApiClient() })),
    onSuccess: () => {
      queryClient.setQueryData(TOKEN_KEY, null);
      setDone(t('apiDocs.revoked'));
      // After the render that swaps the token for the line saying there is none.
      setTimeout(() => (createButton.current ?? noneLine.current)?.focus());
    },
  });
  function act(action: 'rotate' | 'revoke') {
    setConfirming(null);
    setDone('');
    (action === 'rotate' ? rotate : revoke).mutate();
  }
  return (
    <div className="space-y-3">
      {token.data === null ? (
        <p ref={noneLine} tabIndex={-1}>
          {t(canCreate ? 'apiDocs.noToken' : 'apiDocs.noTokenWithoutPro')}
        </p>
      ) : token.data ? (
        token.data.token ? (
          <>
            <p className="font-medium">{t('apiDocs.tokenOnce')}</p>
            <CopyableCode code={token.data.token} label={t('apiDocs.token')} />
          </>
        ) : (
          <p>
            {t(canCreate ? 'apiDocs.tokenPrefix' : 'apiDocs.tokenLeft', {
              prefix: token.data.prefix,
              date: new Date(token.data.createdAt).toLocaleDateString(),
            })}
          </p>
        )
      ) : (
        <p role={token.isError ? 'alert' : 'status'}>
          {token.isError ? t('apiDocs.tokenFailed') : t('loaders.loading')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {canCreate && (
          <button
            ref={createButton}
            type="button"
            {...busyButton(rotate.isPending, () =>
              // Asked unless there is surely no token (a failed read may hide a live one).
              token.data === null ? act('rotate') : setConfirming('rotate'),
            )}
            className={COMPACT_SECONDARY}
          >
            {token.data === null ? t('apiDocs.create') : t('apiDocs.rotate')}
          </button>
        )}
        {token.data && (
          <button
            type="button"
            {...busyButton(revoke.isPending, () => setConfirming('revoke'))}
            className={COMPACT_SECONDARY}
          >
            {t('apiDocs.revoke')}
          </button>
        )}
      </div>
      {(rotate.isError || revoke.isError) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('apiDocs.changeFailed')}
        </p>
      )}
      {token.data && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {canCreate && `${t('apiDocs.rotateNote')} `}
          {t('apiDocs.revokeNote')}
        </p>
      )}
      <p role="status" className="sr-only">
        {done}
      </p>
      <ConfirmDialog
        open={confirming !== null}
        title={t(
          confirming === 'rotate' ? 'apiDocs.rotateConfirmTitle' : 'apiDocs.revokeConfirmTitle',
        )}
        message={t(confirming === 'rotate' ? 'apiDocs.rotateNote' : 'apiDocs.revokeNote')}
        confirmLabel={t(confirming === 'rotate' ? 'apiDocs.rotate' : 'apiDocs.revoke')}
        busy={false}
        onConfirm={() => confirming && act(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
      />
    </div>
  );
}
