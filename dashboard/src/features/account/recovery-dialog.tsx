import { requestAccessRecovery, TempMailError, unwrap } from '@tempmail/sdk';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation';
import { createApiClient } from '../../shared/create-api-client';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { PRIMARY_BUTTON } from '../../shared/ui/button-classes';
import { EmailField } from '../../shared/ui/email-field';
import { busyButton } from '../../shared/ui/busy-button';

/**
 * What went wrong asking for a link. The server answers the same whether or not an account
 * has the email (nobody may learn from us who has one), so only a limit or a failure shows.
 */
export function recoveryErrorKey(error: unknown): string {
  const status = error instanceof TempMailError ? error.status : 0;
  return status === 429 ? 'recovery.errors.tooMany' : 'recovery.errors.failed';
}

/**
 * 'Already Pro? Sign in with your email' (Access Pro features, and Login): the account's
 * email gets a one-time sign-in link, whose page asks before signing that browser in.
 */
export function RecoveryDialog({
  open,
  variant,
  onOpenChange,
}: DialogState & {
  variant: 'recovery' | 'login';
}) {
  const { t } = useTranslation();
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (email: string) =>
      unwrap(requestAccessRecovery({ client: createApiClient(), body: { email } })),
  });

  function close(next: boolean) {
    if (!next) {
      form.reset();
      request.reset();
    }
    onOpenChange(next);
  }

  return (
    <AppDialog
      open={open}
      onOpenChange={close}
      title={t(`recovery.${variant}Title`)}
      description={t('recovery.description')}
    >
      {request.isSuccess ? (
        <p
          role="status"
          className="rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {t('recovery.sent', { email: request.variables })}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(({ email }) => request.mutate(email.trim()))}
          className="space-y-3"
        >
          <EmailField
            control={form.control}
            name="email"
            label={t('recovery.emailLabel')}
            messages={{
              required: t('recovery.emailRequired'),
              invalid: t('recovery.emailInvalid'),
            }}
          />
          {request.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t(recoveryErrorKey(request.error))}
            </p>
          )}
          <button
            type="submit"
            {...busyButton(request.isPending)}
            className={`w-full ${PRIMARY_BUTTON}`}
          >
            {request.isPending ? t('loaders.sending') : t('recovery.submit')}
          </button>
        </form>
      )}
    </AppDialog>
  );
}
