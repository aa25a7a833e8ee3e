import { deleteDashboardWebhook, unwrap } from '@tempmail/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createApiClient } from '../../shared/create-api-client';
import { busyButton } from '../../shared/ui/busy-button';
import { COMPACT_DANGER } from '../../shared/ui/button-classes';
import { useWebhooks, WEBHOOKS_KEY } from './use-webhooks';

/**
 * Webhooks made in Pro time, for a user whose Pro has ended: they deliver nothing now but
 * start again with Pro, so each is listed with Delete. Shows nothing when there are none.
 */
export function PausedWebhooks({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const webhooks = useWebhooks(enabled);
  // Said in a region that stays when the last webhook, and the list with it, goes.
  const [done, setDone] = useState('');
  const remove = useMutation({
    mutationFn: (id: string) =>
      unwrap(deleteDashboardWebhook({ client: createApiClient(), path: { id } })),
    onSuccess: () => setDone(t('account.webhookDeleted')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
  const list = webhooks.data?.webhooks ?? [];
  const status = (
    <p role="status" className="sr-only">
      {done}
    </p>
  );
  if (list.length === 0) return status;
  return (
    <section aria-labelledby="paused-webhooks" className="space-y-2">
      {status}
      <h3 id="paused-webhooks" className="font-semibold">
        {t('webhooks.title')}
      </h3>
      <p>{t('account.webhooksPaused', { count: list.length })}</p>
      <ul className="space-y-2">
        {list.map((webhook) => (
          <li key={webhook.id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 font-mono text-sm break-all">{webhook.url}</span>
            <button
              type="button"
              aria-label={t('account.deleteWebhook', { url: webhook.url })}
              className={COMPACT_DANGER}
              {...busyButton(remove.isPending && remove.variables === webhook.id, () =>
                remove.mutate(webhook.id),
              )}
            >
              {t('webhooks.delete')}
            </button>
          </li>
        ))}
      </ul>
      {remove.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('account.deleteWebhookFailed')}
        </p>
      )}
    </section>
  );
}
