import { getUserToken, rotateUserToken, unwrap } from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createApiClient } from '../../shared/create-api-client';
import { COMPACT_SECONDARY } from '../../shared/ui/button-classes';
import { CopyableCode } from '../../shared/ui/copyable-code';
import { busyButton } from '../../shared/ui/busy-button';

const TOKEN_KEY = ['user-token'] as const;

/**
 * The Pro user's API token, read once `enabled`. The server keeps only a hash, so the full
 * token comes in the one answer that makes it (the first read, or a new token) and only its
 * prefix after that: every place that shows it shares this one cached answer.
 */
export function useApiToken(enabled: boolean) {
  return useQuery({
    queryKey: TOKEN_KEY,
    queryFn: ({ signal }) => unwrap(getUserToken({ client: createApiClient(), signal })),
    enabled,
    // Refetching would lose the one answer that carries the full token.
    staleTime: Infinity,
  });
}

/**
 * The token to copy when it has just been made, else its prefix and date; and "Create a new
 * token", which replaces it at once. Shown right after purchase, in the profile and in the
 * API documentation.
 */
export function ApiTokenPanel({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useApiToken(enabled);
  const rotate = useMutation({
    mutationFn: () => unwrap(rotateUserToken({ client: createApiClient() })),
    onSuccess: (fresh) => queryClient.setQueryData(TOKEN_KEY, fresh),
  });
  return (
    <div className="space-y-3">
      {token.data ? (
        token.data.token ? (
          <>
            <p className="font-medium">{t('apiDocs.tokenOnce')}</p>
            <CopyableCode code={token.data.token} label={t('apiDocs.token')} />
          </>
        ) : (
          <p>
            {t('apiDocs.tokenPrefix', {
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
      <button
        type="button"
        {...busyButton(rotate.isPending, () => rotate.mutate())}
        className={COMPACT_SECONDARY}
      >
        {t('apiDocs.rotate')}
      </button>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('apiDocs.rotateNote')}</p>
    </div>
  );
}
