import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PLAN_PRICES, formatPrice } from '../../shared/product-facts';
import { useConsent } from '../consent/consent-store';

declare global {
  interface Window {
    adsbygoogle?: unknown[] & { requestNonPersonalizedAds?: 0 | 1 };
  }
}

export type AdSlotKind = 'bottom' | 'rectangle';

/**
 * The ad network's publisher id. Unset (the default) means no network at all: every slot
 * shows the house Pro promotion and no third-party script is ever requested.
 */
const AD_CLIENT_ID: string | undefined = import.meta.env.VITE_AD_CLIENT_ID || undefined;

/** Per-kind ad unit ids; the network needs one per unit to fill it. */
const AD_UNIT_IDS: Record<AdSlotKind, string | undefined> = {
  bottom: import.meta.env.VITE_AD_SLOT_BOTTOM || undefined,
  rectangle: import.meta.env.VITE_AD_SLOT_RECTANGLE || undefined,
};

const AD_SCRIPT_ID = 'ad-network-script';

/** The banner keeps 90 px and the rectangle 250 px, so the page does not jump. */
const SLOT_SIZE: Record<AdSlotKind, string> = {
  bottom: 'min-h-[90px]',
  rectangle: 'min-h-[250px] max-w-[300px] mx-auto',
};

function loadAdScript(clientId: string): void {
  if (document.getElementById(AD_SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = AD_SCRIPT_ID;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(clientId)}`;
  document.head.append(script);
}

function NetworkSlot({
  clientId,
  kind,
  personalized,
}: {
  clientId: string;
  kind: AdSlotKind;
  personalized: boolean;
}) {
  useEffect(() => {
    const queue = (window.adsbygoogle ??= []);
    // Set before the script reads the queue: without ad_personalization, contextual ads only.
    queue.requestNonPersonalizedAds = personalized ? 0 : 1;
    loadAdScript(clientId);
    try {
      queue.push({});
    } catch (error) {
      // A failed ad is only logged; the page carries on without it.
      console.warn('Ad slot could not be filled', error);
    }
  }, [clientId, personalized]);

  return (
    <ins
      className={`adsbygoogle block ${SLOT_SIZE[kind]}`}
      data-ad-client={clientId}
      data-ad-slot={AD_UNIT_IDS[kind]}
      data-ad-format={kind === 'rectangle' ? 'rectangle' : 'horizontal'}
      data-full-width-responsive="true"
    />
  );
}

/**
 * Our own promotion, in place of an ad when there is no network or no consent to one. Hidden,
 * it holds the slot's place while the user loads.
 */
function HouseSlot({ kind, hidden = false }: { kind: AdSlotKind; hidden?: boolean }) {
  const { t, i18n } = useTranslation('marketing');
  return (
    <div
      aria-hidden={hidden || undefined}
      inert={hidden}
      className={`${hidden ? 'invisible ' : ''}flex flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-indigo-300 bg-indigo-50 p-4 text-center dark:border-indigo-700 dark:bg-indigo-950 ${SLOT_SIZE[kind]} ${kind === 'rectangle' ? '' : 'sm:flex-row sm:gap-4'}`}
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {t('ads.house', { monthly: formatPrice(PLAN_PRICES.pro_monthly, i18n.language) })}
      </p>
      <a
        href="/?upgrade=true"
        className="shrink-0 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        {t('ads.houseLink')}
      </a>
    </div>
  );
}

/**
 * One ad slot (the bottom banner or the rectangle below the inbox). The caller decides
 * whether there is one at all (never for Pro); this decides what fills it: nothing while
 * `pending` (the user is loading) but its place, then the network only with a client id and
 * `ad_storage` consent. Without the network, only the bottom slot shows our own Pro
 * promotion and the others stay empty: one Pro call to action on a phone's first screen
 * (the header's) is enough.
 */
export function AdSlot({ kind, pending = false }: { kind: AdSlotKind; pending?: boolean }) {
  const { t } = useTranslation('marketing');
  const { preferences } = useConsent();
  const network = AD_CLIENT_ID && preferences?.ad_storage ? AD_CLIENT_ID : null;
  if (!network && kind !== 'bottom' && !(pending && AD_CLIENT_ID)) return null;
  if (pending) return <HouseSlot kind={kind} hidden />;
  const personalized = Boolean(preferences?.ad_personalization && preferences.ad_user_data);
  return (
    <aside aria-label={t('ads.label')} className="w-full">
      {network ? (
        <NetworkSlot
          key={`${network}-${personalized}`}
          clientId={network}
          kind={kind}
          personalized={personalized}
        />
      ) : (
        <HouseSlot kind={kind} />
      )}
    </aside>
  );
}
