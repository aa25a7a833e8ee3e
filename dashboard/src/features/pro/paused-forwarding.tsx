import { useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { busyButton } from '../../shared/ui/busy-button';
import { COMPACT_SECONDARY } from '../../shared/ui/button-classes';
import { useForwardingSettings, useSaveForwarding } from './use-forwarding-settings';

/**
 * Forwarding set up in Pro time, for a user whose Pro has ended: nothing is forwarded now,
 * but it starts again with Pro, so it says where mail would go and offers to turn it off.
 * Shows nothing when forwarding was never on.
 */
export function PausedForwarding({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const settings = useForwardingSettings(enabled);
  const offLine = useRef<HTMLParagraphElement>(null);
  const save = useSaveForwarding(() => setTimeout(() => offLine.current?.focus()));
  const current = settings.data;
  if (!current || (!current.enabled && !save.isSuccess)) return null;
  return (
    <section aria-labelledby="paused-forwarding" className="space-y-2">
      <h3 id="paused-forwarding" className="font-semibold">
        {t('forwarding.title')}
      </h3>
      {current.enabled ? (
        <>
          <p className="wrap-anywhere">
            {t('account.forwardingPaused', { email: current.forwardingEmail })}
          </p>
          <button
            type="button"
            className={COMPACT_SECONDARY}
            {...busyButton(save.isPending, () =>
              save.mutate({ forwardingEmail: null, enabled: false }),
            )}
          >
            {t('account.forwardingOff')}
          </button>
          {save.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t('account.forwardingOffFailed')}
            </p>
          )}
        </>
      ) : (
        <p role="status" ref={offLine} tabIndex={-1}>
          {t('account.forwardingIsOff')}
        </p>
      )}
    </section>
  );
}
