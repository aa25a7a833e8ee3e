import { useTranslation } from '../../shared/i18n/use-translation';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { LINK_BUTTON, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { CheckList } from '../../shared/ui/check-list';
import {
  formatPrice,
  PLAN_PRICES,
  PRO_RETENTION_HOURS,
  type ProPlan,
} from '../../shared/product-facts';
import { openDialog } from '../account/dialog-store';
import { ComparisonTable } from '../marketing/comparison-table';
import { useCheckout } from './use-checkout';

/** The two plans on sale, the monthly one marked popular. */
const PLANS: { plan: ProPlan; popular: boolean }[] = [
  { plan: 'pro_monthly', popular: true },
  { plan: 'pro_24hr', popular: false },
];

function PlanCard({
  plan,
  popular,
  busy,
  onChoose,
}: {
  plan: ProPlan;
  popular: boolean;
  busy: 'this' | 'other' | false;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const features = t(`upgrade.plans.${plan}.features`, {
    returnObjects: true,
    hours: PRO_RETENTION_HOURS,
  }) as string[];
  return (
    <li
      className={`flex flex-col rounded-xl border p-4 ${popular ? 'border-indigo-500 ring-2 ring-indigo-500' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex items-center gap-2">
        <h3 className="font-semibold">{t(`upgrade.plans.${plan}.name`)}</h3>
        {popular && (
          <span className="rounded-full bg-indigo-600 px-2 text-xs font-semibold text-white">
            {t('upgrade.popular')}
          </span>
        )}
      </div>
      <p className="mt-2">
        <span className="text-3xl font-bold">{formatPrice(PLAN_PRICES[plan], i18n.language)}</span>
        <span className="text-slate-600 dark:text-slate-300">
          {t(`upgrade.plans.${plan}.period`)}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t(`upgrade.plans.${plan}.description`)}
      </p>
      <CheckList items={features} className="mt-3 flex-1 text-sm" />
      <button
        type="button"
        onClick={onChoose}
        disabled={busy !== false}
        className={`mt-4 ${popular ? PRIMARY_BUTTON : SECONDARY_BUTTON}`}
      >
        {busy === 'this' ? t('upgrade.processing') : t(`upgrade.plans.${plan}.button`)}
      </button>
    </li>
  );
}

/**
 * Upgrade to Pro: the two plans with their prices, the Free vs Pro
 * comparison, the launch and money-back notes, and the way back in for a returning Pro user.
 */
export function UpgradeDialog({
  open,
  pro,
  onOpenChange,
}: DialogState & {
  pro: boolean;
}) {
  const { t } = useTranslation();
  const checkout = useCheckout();

  if (pro) {
    return (
      <AppDialog open={open} onOpenChange={onOpenChange} title={t('upgrade.alreadyProTitle')}>
        <p>{t('upgrade.alreadyPro')}</p>
        <button
          type="button"
          className={`mt-4 ${PRIMARY_BUTTON}`}
          onClick={() => onOpenChange(false)}
        >
          {t('dialog.done')}
        </button>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('upgrade.title')}
      description={t('upgrade.subtitle')}
      wide
    >
      <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        <strong>{t('upgrade.launchSpecialTitle')}</strong> {t('upgrade.launchSpecial')}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {PLANS.map(({ plan, popular }) => (
          <PlanCard
            key={plan}
            plan={plan}
            popular={popular}
            busy={checkout.isPending ? (checkout.variables === plan ? 'this' : 'other') : false}
            onChoose={() => checkout.mutate(plan)}
          />
        ))}
      </ul>
      <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-300">
        {t('upgrade.moneyBack')}
      </p>
      <div className="mt-5">
        <ComparisonTable caption={t('upgrade.comparison')} />
      </div>
      <p className="mt-4 text-center">
        <button type="button" className={LINK_BUTTON} onClick={() => openDialog('recovery')}>
          {t('upgrade.signIn')}
        </button>
      </p>
    </AppDialog>
  );
}
