import type { Plan } from '../users/user-store.js';

export type ProPlan = Exclude<Plan, 'free'>;

/**
 * What each plan costs and gives: the one place prices live.
 * A pass is Pro for 24 hours from payment; the monthly plan is Pro until its period ends.
 */
export const PLANS: Record<
  ProPlan,
  { amountCents: number; currency: string; mode: 'payment' | 'subscription' }
> = {
  pro_24hr: { amountCents: 100, currency: 'usd', mode: 'payment' },
  pro_monthly: { amountCents: 300, currency: 'usd', mode: 'subscription' },
};

/** How long a 24-hour pass makes its buyer Pro. */
export const PASS_LENGTH_MS = 24 * 60 * 60 * 1000;
/** A demo subscription's period; real ones take the payment provider's. */
export const DEMO_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
