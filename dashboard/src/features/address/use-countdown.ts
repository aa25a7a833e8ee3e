import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from './address-timing';

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
