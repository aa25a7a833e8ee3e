import {
  createCustomEmail,
  listDomains,
  saveCustomAlias,
  TempMailError,
  unwrap,
} from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createApiClient } from '../../shared/create-api-client';
import { showToast } from '../../shared/toast/toast-store';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { PRIMARY_BUTTON, TEXT_INPUT } from '../../shared/ui/button-classes';
import { USER_QUERY_KEY } from '../account/user-query';
import { showAddress } from '../address/use-home-address';
import { ALIAS_MAX_LENGTH, checkAlias, customEmailErrorKey } from './validate-pro-forms';

interface AliasForm {
  alias: string;
  domain: string;
}

/**
 * Create custom alias: a name on one of our domains becomes the page's
 * address, kept as the Pro session and read through the aggregated inbox.
 */
export function CustomAliasDialog({
  open,
  proExpiresAt,
  onOpenChange,
}: DialogState & {
  proExpiresAt: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const client = createApiClient();
  const domains = useQuery({
    queryKey: ['product-domains'],
    queryFn: ({ signal }) => unwrap(listDomains({ client, signal })),
    enabled: open,
  });
  const form = useForm<AliasForm>({ defaultValues: { alias: '', domain: '' } });
  const firstDomain = domains.data?.domains[0];
  useEffect(() => {
    if (firstDomain && !form.getValues('domain')) form.setValue('domain', firstDomain);
  }, [firstDomain, form]);

  const create = useMutation({
    mutationFn: async ({ alias, domain }: { alias: string; domain: string }) => {
      const { address } = await unwrap(createCustomEmail({ client, body: { alias, domain } }));
      // Best effort: the address works whether or not this is remembered.
      await unwrap(saveCustomAlias({ client, body: { customAlias: alias } })).catch(
        () => undefined,
      );
      return address;
    },
    onSuccess: (address, { domain }) => {
      showAddress({ address, expiresAt: proExpiresAt });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      showToast({
        title: t('alias.createdTitle'),
        description: t('alias.created', { address }),
        variant: 'default',
      });
      // The domain stays chosen: the next alias of this visit needs one too.
      form.reset({ alias: '', domain });
      onOpenChange(false);
    },
  });

  function submit(values: AliasForm) {
    const check = checkAlias(values.alias, values.domain);
    if (!check.ok) {
      form.setError('alias', { message: t(`alias.errors.${check.error}`) });
      return;
    }
    create.mutate({ alias: check.alias, domain: check.domain });
  }

  const aliasError = form.formState.errors.alias;
  const serverError = create.error;
  const serverMessage = serverError instanceof Error ? serverError.message : '';
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
              {...form.register('alias')}
            />
          </label>
          <span aria-hidden="true" className="pb-2 text-lg">
            @
          </span>
          <label className="min-w-40 flex-1">
            <span className="mb-1 block text-sm font-medium">{t('alias.domainLabel')}</span>
            <select className={TEXT_INPUT} {...form.register('domain')}>
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
        {errorKey && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorKey === 'server' ? serverMessage : t(`alias.errors.${errorKey}`)}
          </p>
        )}
        <button type="submit" disabled={create.isPending} className={`w-full ${PRIMARY_BUTTON}`}>
          {create.isPending ? t('loaders.loading') : t('alias.submit')}
        </button>
      </form>
    </AppDialog>
  );
}
