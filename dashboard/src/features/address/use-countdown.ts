import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { COUNTDOWN_TICK_MS } from './address-timing';
import { countdownUnits, formatCountdown } from './format-countdown';

/** The time now, redrawn every tick. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Milliseconds left until `expiresAt`, redrawn every tick; never below zero. */
export function useCountdown(expiresAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return Math.max(0, expiresAt - now);
}

/**
 * 'Expires in …' or 'Expired', redrawn every tick: the one wording every countdown shows.
 * A Pro persistent address does not expire of itself: it is kept while Pro lasts, and says
 * so, with the time Pro has left.
 */
export function useCountdownText(expiresAt: number, persistent = false): string {
  const { t } = useTranslation();
  const left = formatCountdown(useCountdown(expiresAt), countdownUnits(t));
  if (left === null) return t('address.expired');
  return persistent ? t('pro.keptFor', { time: left }) : t('address.expiresIn', { time: left });
}
