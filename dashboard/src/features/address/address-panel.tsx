import { useTranslation } from 'react-i18next';
import { CopyAddressButton } from './copy-address-button';
import type { AddressState } from './address-store';
import { useCountdownText } from './use-countdown';

function Countdown({ expiresAt }: { expiresAt: number }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="countdown">
      {useCountdownText(expiresAt)}
    </p>
  );
}

function GenerateFailed({ state }: { state: Extract<AddressState, { status: 'failed' }> }) {
  const { t } = useTranslation();
  const busy = state.reason === 'rate-limited';
  return (
    // The toast announces the failure; this stays on the page for whoever looks.
    <div className="rounded-lg border border-red-200 dark:border-red-800 bg-red-50 dark:bg-red-950 p-3 text-red-800 dark:text-red-200">
      <p className="font-semibold">{busy ? t('errors.busyTitle') : t('errors.generateTitle')}</p>
      <p className="text-sm">{busy ? t('errors.busyDescription') : t(`errors.${state.reason}`)}</p>
    </div>
  );
}

/** The home page's address with its countdown, copy and new-address buttons. */
export function AddressPanel({
  state,
  pro,
  onGenerate,
  onResetPro,
}: {
  state: AddressState;
  pro: boolean;
  onGenerate: () => void;
  /** Pro's 'Reset Pro Email': forget the stored address and make a new one. */
  onResetPro: () => void;
}) {
  const { t } = useTranslation();
  const mailbox = state.status === 'ready' ? state.address : null;
  const generating = state.status === 'generating' || state.status === 'waiting';

  return (
    <section
      aria-labelledby="address-heading"
      className="rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex items-center gap-2">
        <h2 id="address-heading" className="text-lg font-semibold">
          {t('address.heading')}
        </h2>
        {pro && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            {t('pro.label')}
          </span>
        )}
      </div>
      {/* The box keeps its height while generating, so nothing below jumps when it lands. */}
      <div className="flex min-h-12 items-center rounded-lg border border-slate-300 dark:border-slate-600 bg-slate-50 dark:bg-slate-800 px-3">
        {mailbox ? (
          <input
            readOnly
            value={mailbox.address}
            aria-label={t('address.label')}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full min-w-0 bg-transparent font-mono text-base sm:text-lg"
          />
        ) : (
          <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            {generating && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent"
              />
            )}
            {generating ? t('address.generating') : t('address.none')}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <CopyAddressButton address={mailbox?.address ?? null} />
        <button
          type="button"
          onClick={onGenerate}
          disabled={generating}
          className="rounded-lg border border-slate-300 dark:border-slate-600 px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('address.new')}
        </button>
        {pro && (
          <button
            type="button"
            onClick={onResetPro}
            disabled={generating}
            className="rounded-lg border border-amber-300 px-4 py-2 font-medium text-amber-900 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-amber-700 dark:text-amber-100 dark:hover:bg-amber-950"
          >
            {t('pro.resetEmail')}
          </button>
        )}
        {mailbox && <Countdown key={mailbox.address} expiresAt={mailbox.expiresAt} />}
      </div>
      {state.status === 'failed' && (
        <div className="mt-4 space-y-3">
          <GenerateFailed state={state} />
          <p className="text-sm">
            {t('address.trouble')}{' '}
            <button
              type="button"
              onClick={onGenerate}
              className="font-medium text-indigo-700 dark:text-indigo-300 underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {t('address.tryAgain')}
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
