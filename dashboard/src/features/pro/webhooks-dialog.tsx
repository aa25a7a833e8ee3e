import {
  createDashboardWebhook,
  deleteDashboardWebhook,
  enableDashboardWebhook,
  listDashboardWebhookDeliveries,
  rotateDashboardWebhookSecret,
  testDashboardWebhook,
  TempMailError,
  unwrap,
  type Webhook,
} from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { apiErrorText } from '../../shared/api-error-text';
import { useTranslation } from '../../shared/i18n/use-translation';
import { WEBHOOKS_PER_USER } from '../../shared/product-facts';
import { createApiClient } from '../../shared/create-api-client';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import {
  COMPACT_DANGER,
  COMPACT_SECONDARY,
  PRIMARY_BUTTON,
  TEXT_INPUT,
} from '../../shared/ui/button-classes';
import { CopyableCode } from '../../shared/ui/copyable-code';
import { sessionAddressesQuery } from '../address/list-session-addresses';
import { busyButton } from '../../shared/ui/busy-button';
import { useWebhooks, WEBHOOKS_KEY } from './use-webhooks';

/** The delivery log's columns, by their text keys under `webhooks.`. */
const LOG_COLUMNS = ['when', 'event', 'status', 'answer', 'duration'] as const;
/** While a log is open it is read again this often, to see attempts land. */
const LOG_REFRESH_MS = 2_000;

const client = () => createApiClient();

/** One webhook's deliveries: what each last attempt came to, newest first. */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation();
  const log = useQuery({
    queryKey: [...WEBHOOKS_KEY, webhook.id, 'deliveries'],
    queryFn: ({ signal }) =>
      unwrap(
        listDashboardWebhookDeliveries({ client: client(), path: { id: webhook.id }, signal }),
      ),
    refetchInterval: LOG_REFRESH_MS,
  });
  if (!log.data) {
    return (
      <p role={log.isError ? 'alert' : 'status'} className="text-sm">
        {log.isError ? t('webhooks.logFailed') : t('loaders.loading')}
      </p>
    );
  }
  if (log.data.deliveries.length === 0) return <p className="text-sm">{t('webhooks.logEmpty')}</p>;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('webhooks.logCaption', { url: webhook.url })}</caption>
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            {LOG_COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-1 pr-3 font-medium last:pr-0">
                {t(`webhooks.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {log.data.deliveries.map((delivery) => (
            <tr
              key={delivery.id}
              data-testid="webhook-delivery"
              className="border-t border-slate-200 dark:border-slate-700"
            >
              <td className="py-1 pr-3 whitespace-nowrap">
                {time.format(new Date(delivery.createdAt))}
              </td>
              <td className="py-1 pr-3">{t(`webhooks.events.${delivery.event}`)}</td>
              <td className="py-1 pr-3">
                {t(`webhooks.statuses.${delivery.status}`, { count: delivery.attempts })}
              </td>
              <td className="py-1 pr-3" title={delivery.lastError ?? undefined}>
                {delivery.lastStatus ?? (delivery.lastError ? t('webhooks.noAnswer') : '—')}
              </td>
              <td className="py-1">
                {delivery.durationMs === null ? '—' : t('webhooks.ms', { ms: delivery.durationMs })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One of a webhook's buttons. Every webhook has the same ones: each is described by its
 * webhook's URL (`of`, the id of the element showing it), so a screen reader can tell which
 * webhook it acts on.
 */
function WebhookButton({
  of,
  danger = false,
  ...button
}: ComponentProps<'button'> & { of: string; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-describedby={of}
      className={danger ? COMPACT_DANGER : COMPACT_SECONDARY}
      {...button}
    />
  );
}

/** A signing secret shown once (at creation, or rotated), and whose it is. */
interface ShownSecret {
  webhookId: string;
  secret: string;
}

/** One webhook: where it goes, whether it is on, its actions, and its log on demand. */
function WebhookItem({
  webhook,
  onSecret,
  onDeleted,
}: {
  webhook: Webhook;
  onSecret: (shown: ShownSecret) => void;
  /** It is gone: the dialog moves focus on, and drops a secret it may have shown of it. */
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  // Deleting asks first: an integration that reads it stops, and its secret cannot return.
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const path = { id: webhook.id };
  const act = useMutation({
    mutationFn: async (action: 'test' | 'rotate' | 'enable' | 'delete') => {
      if (action === 'test') await unwrap(testDashboardWebhook({ client: client(), path }));
      if (action === 'rotate')
        onSecret({
          webhookId: webhook.id,
          secret: (await unwrap(rotateDashboardWebhookSecret({ client: client(), path }))).secret,
        });
      if (action === 'enable') await unwrap(enableDashboardWebhook({ client: client(), path }));
      if (action === 'delete') await unwrap(deleteDashboardWebhook({ client: client(), path }));
      return action;
    },
    onSuccess: (action) => {
      if (action === 'test') setShowLog(true);
      if (action === 'delete') onDeleted();
      void refresh();
    },
  });
  // The item is a group named by its URL, and each of its buttons is described by it.
  const urlId = useId();
  return (
    <li
      data-testid="webhook"
      role="group"
      aria-labelledby={urlId}
      className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
    >
      <p id={urlId} className="font-mono text-sm break-all">
        {webhook.url}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {webhook.address
          ? t('webhooks.forAddress', { address: webhook.address })
          : t('webhooks.forAll')}
        {' · '}
        {t('webhooks.secretHint', { hint: webhook.secretHint })}
      </p>
      {webhook.disabledAt ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('webhooks.turnedOffFailures')}
          {webhook.disabledReason && (
            <span className="mt-1 block text-xs">
              {t('webhooks.technicalDetail', { reason: webhook.disabledReason })}
            </span>
          )}
        </p>
      ) : (
        <p className="text-sm text-emerald-800 dark:text-emerald-200">{t('webhooks.on')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {webhook.disabledAt && (
          <WebhookButton of={urlId} onClick={() => act.mutate('enable')}>
            {t('webhooks.enable')}
          </WebhookButton>
        )}
        <WebhookButton of={urlId} onClick={() => act.mutate('test')}>
          {t('webhooks.sendTest')}
        </WebhookButton>
        <WebhookButton
          of={urlId}
          aria-expanded={showLog}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </WebhookButton>
        <WebhookButton of={urlId} onClick={() => act.mutate('rotate')}>
          {t('webhooks.rotate')}
        </WebhookButton>
        <WebhookButton
          of={urlId}
          danger
          ref={deleteButton}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t('webhooks.delete')}
        </WebhookButton>
      </div>
      {confirming && (
        <div className="space-y-2 rounded-lg bg-red-50 p-2 text-sm dark:bg-red-950">
          <p>{t('webhooks.deleteQuestion')}</p>
          <div className="flex flex-wrap gap-2">
            <WebhookButton
              of={urlId}
              danger
              ref={confirmButton}
              {...busyButton(act.isPending, () => act.mutate('delete'))}
            >
              {t('webhooks.deleteConfirm')}
            </WebhookButton>
            <button
              type="button"
              className={COMPACT_SECONDARY}
              onClick={() => {
                setConfirming(false);
                deleteButton.current?.focus();
              }}
            >
              {t('dialog.cancel')}
            </button>
          </div>
        </div>
      )}
      {act.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {apiErrorText(act.error, t, { fallback: t('webhooks.failed') })}
        </p>
      )}
      {showLog && <DeliveryLog webhook={webhook} />}
    </li>
  );
}

/**
 * Webhooks: each new message POSTed, signed, to a URL of the user's, for one address or all.
 * A new secret (at creation, or rotated) is shown once, to copy; each webhook shows whether
 * it is on (or why it was turned off), and its delivery log.
 */
export function WebhooksDialog({
  open,
  onOpenChange,
  userId,
  proUntil,
}: DialogState & { userId: string; proUntil: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const urlId = useId();
  const addressId = useId();
  const addresses = useQuery({ ...sessionAddressesQuery(userId, proUntil), enabled: open });
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const webhooks = useWebhooks(open);
  const form = useForm<{ url: string; address: string }>({
    defaultValues: { url: '', address: '' },
  });
  const create = useMutation({
    mutationFn: (body: { url: string; address: string | null }) =>
      unwrap(createDashboardWebhook({ client: client(), body })),
    onSuccess: (created) => {
      setShown({ webhookId: created.webhook.id, secret: created.secret });
      form.reset();
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
  const urlError = form.formState.errors.url?.message;
  // The server's refusal of where the URL points is the field's error too.
  const refusedUrl =
    create.error instanceof TempMailError && create.error.code === 'validation_failed';
  const urlProblemIds = [urlError && `${urlId}-error`, refusedUrl && `${urlId}-refused`]
    .filter(Boolean)
    .join(' ');

  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setShown(null);
        onOpenChange(next);
      }}
      title={t('webhooks.title')}
      description={t('webhooks.description')}
    >
      <div className="space-y-4">
        {shown && (
          <div role="status" className="space-y-2 rounded-lg bg-indigo-50 p-3 dark:bg-indigo-950">
            <p className="font-medium">{t('webhooks.secretOnce')}</p>
            <CopyableCode code={shown.secret} label={t('webhooks.secret')} />
          </div>
        )}
        <form
          noValidate
          onSubmit={form.handleSubmit(({ url, address }) =>
            create.mutate({ url: url.trim(), address: address || null }),
          )}
          className="space-y-2"
        >
          <label htmlFor={urlId} className="block font-medium">
            {t('webhooks.urlLabel')}
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/tempmail"
            aria-invalid={urlError || refusedUrl ? true : undefined}
            aria-describedby={urlProblemIds || undefined}
            className={TEXT_INPUT}
            {...form.register('url', {
              validate: (value) =>
                /^https?:\/\/\S+$/i.test(value.trim()) || t('webhooks.urlInvalid'),
            })}
          />
          {urlError && (
            <p
              id={`${urlId}-error`}
              role="alert"
              className="text-sm text-red-700 dark:text-red-300"
            >
              {urlError}
            </p>
          )}
          <label htmlFor={addressId} className="block font-medium">
            {t('webhooks.addressLabel')}
          </label>
          <select id={addressId} className={TEXT_INPUT} {...form.register('address')}>
            <option value="">{t('webhooks.forAll')}</option>
            {addresses.data?.map((entry) => (
              <option key={entry.address} value={entry.address}>
                {entry.address}
              </option>
            ))}
          </select>
          {create.isError && (
            <p
              id={refusedUrl ? `${urlId}-refused` : undefined}
              role="alert"
              className="text-sm text-red-700 dark:text-red-300"
            >
              {apiErrorText(create.error, t, {
                fallback: t('webhooks.failed'),
                codes: {
                  // The form checks the URL's form; the server refuses where it points.
                  validation_failed: t('webhooks.errors.refusedTarget'),
                  conflict: t('webhooks.errors.limit', { max: WEBHOOKS_PER_USER }),
                },
              })}
            </p>
          )}
          <button
            type="submit"
            {...busyButton(create.isPending)}
            className={`w-full ${PRIMARY_BUTTON}`}
          >
            {create.isPending ? t('loaders.loading') : t('webhooks.add')}
          </button>
        </form>
        {webhooks.data ? (
          webhooks.data.webhooks.length > 0 ? (
            <ul className="space-y-3">
              {webhooks.data.webhooks.map((webhook) => (
                <WebhookItem
                  key={webhook.id}
                  webhook={webhook}
                  onSecret={setShown}
                  onDeleted={() => {
                    // The secret on screen goes if it was this webhook's, and only then.
                    setShown((current) => (current?.webhookId === webhook.id ? null : current));
                    form.setFocus('url');
                  }}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('webhooks.none')}</p>
          )
        ) : (
          <p role={webhooks.isError ? 'alert' : 'status'}>
            {webhooks.isError ? t('webhooks.loadFailed') : t('loaders.loading')}
          </p>
        )}
      </div>
    </AppDialog>
  );
}
