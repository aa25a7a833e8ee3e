import * as Switch from '@radix-ui/react-switch';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { apiErrorText } from '../../shared/api-error-text';
import { useTranslation } from '../../shared/i18n/use-translation';
import { showToast } from '../../shared/toast/toast-store';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { PRIMARY_BUTTON } from '../../shared/ui/button-classes';
import { EmailField } from '../../shared/ui/email-field';
import { checkForwardingEmail } from './validate-pro-forms';
import { busyButton } from '../../shared/ui/busy-button';
import { useForwardingSettings, useSaveForwarding } from './use-forwarding-settings';

interface ForwardingForm {
  enabled: boolean;
  email: string;
}

/**
 * Email forwarding: a toggle, and the destination only while it is on. A
 * new destination must confirm by its link before anything is forwarded; until then the
 * dialog says so, and re-reads the settings to see the confirmation land.
 */
export function ForwardingDialog({ open, onOpenChange }: DialogState) {
  const { t } = useTranslation();
  const switchId = useId();
  const settings = useForwardingSettings(open);
  const form = useForm<ForwardingForm>({ defaultValues: { enabled: false, email: '' } });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) {
      reset({ enabled: settings.data.enabled, email: settings.data.forwardingEmail ?? '' });
    }
  }, [settings.data, reset]);

  const save = useSaveForwarding((saved) =>
    showToast({
      title: t('forwarding.savedTitle'),
      description: t(`forwarding.saved.${saved.status}`, { email: saved.forwardingEmail }),
      variant: 'default',
    }),
  );

  function submit(values: ForwardingForm) {
    const check = checkForwardingEmail(values.email, values.enabled);
    if (!check.ok) {
      form.setError('email', { message: t(`forwarding.errors.${check.error}`) });
      return;
    }
    save.mutate({ forwardingEmail: check.email, enabled: values.enabled });
  }

  const enabled = form.watch('enabled');
  const current = settings.data;

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('forwarding.title')}
      description={t('forwarding.description')}
    >
      {current ? (
        <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor={switchId} className="font-medium">
              {t('forwarding.toggle')}
            </label>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch.Root
                  id={switchId}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus data-[state=checked]:bg-indigo-600 dark:bg-slate-600"
                >
                  <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                </Switch.Root>
              )}
            />
          </div>
          {enabled && (
            <EmailField
              control={form.control}
              name="email"
              label={t('forwarding.emailLabel')}
              messages={{
                required: t('forwarding.errors.required'),
                invalid: t('forwarding.errors.invalid'),
              }}
            />
          )}
          <p
            role="status"
            data-testid="forwarding-status"
            className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800"
          >
            {t(`forwarding.status.${current.status}`, { email: current.forwardingEmail })}
            {current.status === 'active' && (
              <>
                {' '}
                {t('forwarding.usage', {
                  count: current.forwardedToday,
                  limit: current.dailyLimit,
                })}
              </>
            )}
          </p>
          {current.lastError && (
            <p className="text-sm text-amber-800 dark:text-amber-200">
              {t('forwarding.lastError', { error: current.lastError })}
            </p>
          )}
          {save.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {apiErrorText(save.error, t, {
                fallback: t('forwarding.errors.failed'),
                // The form checks that an address is there and well formed; the server
                // refuses one of our own (forwarding there would loop).
                codes: { validation_failed: t('forwarding.errors.invalid') },
                tooMany: 'forwarding.errors.tooMany',
              })}
            </p>
          )}
          <button
            type="submit"
            {...busyButton(save.isPending)}
            className={`w-full ${PRIMARY_BUTTON}`}
          >
            {save.isPending ? t('loaders.loading') : t('forwarding.save')}
          </button>
        </form>
      ) : (
        <p role={settings.isError ? 'alert' : 'status'}>
          {settings.isError ? t('forwarding.errors.load') : t('loaders.loading')}
        </p>
      )}
    </AppDialog>
  );
}
