import {
  createCustomEmail,
  listDashboardDomains,
  saveCustomAlias,
  TempMailError,
  unwrap,
} from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { apiErrorText } from '../../shared/api-error-text';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { PRIMARY_BUTTON, TEXT_INPUT } from '../../shared/ui/button-classes';
import { FormField } from '../../shared/ui/form-field';
import { USER_QUERY_KEY } from '../account/user-query';
import { formatExpiryTime } from '../address/format-expiry-time';
import { toAddressEnding } from '../address/to-page-address';
import { showAddress } from '../address/use-home-address';
import {
  ALIAS_MAX_LENGTH,
  checkAlias,
  checkEnding,
  customEmailErrorKey,
  END_PRESETS_MS,
  toDateInputValue,
  type EndChoice,
} from './validate-pro-forms';
import { busyButton } from '../../shared/ui/busy-button';

interface AliasForm {
  alias: string;
  domain: string;
  /** When the address ends: never (with Pro), after a preset while, or on `endsOn`. */
  ends: EndChoice;
  /** The date input's value, a local time. */
  endsOn: string;
  endsAfterFirstMessage: boolean;
}

interface NewAlias {
  alias: string;
  domain: string;
  endsAt: number | null;
  endsAfterFirstMessage: boolean;
}

const DEFAULTS: AliasForm = {
  alias: '',
  domain: '',
  ends: 'never',
  endsOn: '',
  endsAfterFirstMessage: false,
};

const PRESETS = ['hour', 'day', 'week'] as const;

/**
 * Create custom alias: a name on one of our domains becomes the page's
 * address, kept as the Pro session and read through the aggregated inbox. It may end
 * before Pro does: after an hour, a day, a week or on a date, after its first message, or
 * at whichever of a time and its first message comes first.
 */
export function CustomAliasDialog({
  open,
  proExpiresAt,
  onOpenChange,
}: DialogState & {
  proExpiresAt: number;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const client = createApiClient();
  const domains = useQuery({
    queryKey: ['product-domains'],
    queryFn: ({ signal }) => unwrap(listDashboardDomains({ client, signal })),
    enabled: open,
  });
  const form = useForm<AliasForm>({ defaultValues: DEFAULTS });
  const ends = form.watch('ends');
  // When the form is drawn: the presets that would end after Pro are not offered.
  const now = Date.now();
  const firstDomain = domains.data?.domains[0];
  useEffect(() => {
    if (firstDomain && !form.getValues('domain')) form.setValue('domain', firstDomain);
  }, [firstDomain, form]);

  const create = useMutation({
    mutationFn: async ({ alias, domain, endsAt, endsAfterFirstMessage }: NewAlias) => {
      const created = await unwrap(
        createCustomEmail({
          client,
          body: {
            alias,
            domain,
            ...(endsAt === null ? {} : { endsAt: new Date(endsAt).toISOString() }),
            ...(endsAfterFirstMessage ? { endsAfterFirstMessage } : {}),
          },
        }),
      );
      // Best effort: the address works whether or not this is remembered.
      await unwrap(saveCustomAlias({ client, body: { customAlias: alias } })).catch(
        () => undefined,
      );
      return created;
    },
    onSuccess: (created, { domain }) => {
      const { address } = created;
      // Its end is the time this browser asked for, so on this browser's clock already.
      const ending = toAddressEnding(created, 0);
      showAddress({ address, expiresAt: proExpiresAt, ...(ending ? { ending } : {}) });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      showToast({
        title: t('alias.createdTitle'),
        description: t('alias.created', { address }),
        variant: 'default',
      });
      // The domain stays chosen: the next alias of this visit needs one too.
      form.reset({ ...DEFAULTS, domain });
      onOpenChange(false);
    },
  });

  function submit(values: AliasForm) {
    // The select shows the first domain as soon as the list comes, maybe before the effect
    // above has put it in the form.
    const check = checkAlias(values.alias, values.domain || firstDomain || '');
    if (!check.ok) {
      form.setError('alias', { message: t(`alias.errors.${check.error}`) });
      return;
    }
    const ending = checkEnding(values.ends, values.endsOn, Date.now(), proExpiresAt);
    if (!ending.ok) {
      // The date's own field when it names one, else the choice (a preset now too long).
      form.setError(values.ends === 'date' ? 'endsOn' : 'ends', {
        message: t(`alias.errors.${ending.error}`),
      });
      return;
    }
    create.mutate({
      alias: check.alias,
      domain: check.domain,
      endsAt: ending.endsAt,
      endsAfterFirstMessage: values.endsAfterFirstMessage,
    });
  }

  // The server's refusal was of the address as it stood: a change to it takes the refusal
  // away, as it does a check of this form's own.
  const forgetRefusal = { onChange: () => create.isError && create.reset() };
  const aliasError = form.formState.errors.alias;
  const { errors } = form.formState;
  const serverError = create.error;
  const serverMessage = serverError instanceof Error ? serverError.message : '';
  // The wait the server asked for, where it said: a fixed one could send the user back early.
  const retryAfter = serverError instanceof TempMailError ? serverError.retryAfter : undefined;
  const errorKey =
    serverError &&
    customEmailErrorKey(
      serverError instanceof TempMailError ? serverError.status : undefined,
      serverMessage,
    );

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('alias.title')}
      description={t('alias.description', { max: ALIAS_MAX_LENGTH })}
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3">
        <div className="flex flex-wrap items-end gap-2">
          <label className="min-w-40 flex-1">
            <span className="mb-1 block text-sm font-medium">{t('alias.aliasLabel')}</span>
            <input
              autoComplete="off"
              spellCheck={false}
              maxLength={ALIAS_MAX_LENGTH + 10}
              aria-invalid={aliasError ? true : undefined}
              aria-describedby={aliasError ? 'alias-error' : undefined}
              className={TEXT_INPUT}
              {...form.register('alias', forgetRefusal)}
            />
          </label>
          <span aria-hidden="true" className="pb-2 text-lg">
            @
          </span>
          <label className="min-w-40 flex-1">
            <span className="mb-1 block text-sm font-medium">{t('alias.domainLabel')}</span>
            <select className={TEXT_INPUT} {...form.register('domain', forgetRefusal)}>
              {(domains.data?.domains ?? []).map((domain) => (
                <option key={domain} value={domain}>
                  {domain}
                </option>
              ))}
            </select>
          </label>
        </div>
        {aliasError && (
          <p id="alias-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
            {aliasError.message}
          </p>
        )}
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-40 flex-1">
            <FormField label={t('alias.endsLabel')} error={errors.ends?.message}>
              {(field) => (
                <select className={TEXT_INPUT} {...field} {...form.register('ends')}>
                  <option value="never">{t('alias.endsNever')}</option>
                  {PRESETS.map((preset) => (
                    <option
                      key={preset}
                      value={preset}
                      disabled={now + END_PRESETS_MS[preset] > proExpiresAt}
                    >
                      {t(`alias.ends.${preset}`)}
                    </option>
                  ))}
                  <option value="date">{t('alias.endsOnDate')}</option>
                </select>
              )}
            </FormField>
          </div>
          {ends === 'date' && (
            <div className="min-w-40 flex-1">
              <FormField label={t('alias.endsOnLabel')} error={errors.endsOn?.message}>
                {(field) => (
                  <input
                    type="datetime-local"
                    min={toDateInputValue(now)}
                    max={toDateInputValue(proExpiresAt)}
                    className={TEXT_INPUT}
                    {...field}
                    {...form.register('endsOn')}
                  />
                )}
              </FormField>
            </div>
          )}
        </div>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            {...form.register('endsAfterFirstMessage')}
          />
          <span>{t('alias.endsAfterFirst')}</span>
        </label>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('alias.endsHint', { time: formatExpiryTime(proExpiresAt, now, i18n.language) })}
        </p>
        {domains.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t('alias.errors.unavailable')}
          </p>
        )}
        {errorKey && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorKey === 'server'
              ? apiErrorText(serverError, t, { fallback: t('alias.errors.failed') })
              : errorKey === 'busy' && retryAfter !== undefined
                ? t('alias.errors.busyFor', { count: retryAfter })
                : t(`alias.errors.${errorKey}`)}
          </p>
        )}
        {/* Until the domains have come there is no address to make: a press then would
            only say that no domain was chosen. */}
        <button
          type="submit"
          {...busyButton(create.isPending || !domains.isSuccess)}
          className={`w-full ${PRIMARY_BUTTON}`}
        >
          {create.isPending || domains.isPending ? t('loaders.loading') : t('alias.submit')}
        </button>
      </form>
    </AppDialog>
  );
}
