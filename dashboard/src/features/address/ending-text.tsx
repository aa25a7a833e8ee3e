import { useTranslation } from '../../shared/i18n/use-translation';
import { describeEnding } from './address-ending';
import { countdownUnits } from './format-countdown';
import type { AddressEnding } from './page-address';

/** 'Ends in …', 'Ends after its first message' or 'Ended', for an address at `now`. */
export function EndingText({ ending, now }: { ending: AddressEnding; now: number }) {
  const { t } = useTranslation();
  const { key, time } = describeEnding(ending, now, countdownUnits(t));
  return <>{t(`address.${key}`, { time })}</>;
}
