import type { Stores } from '../stores.js';
import type { User } from '../users/user-store.js';
import { isPro } from '../users/is-pro.js';
import { PASS_LENGTH_MS } from './plans.js';

type Deps = Pick<Stores, 'users' | 'mailboxes' | 'billing'>;

/** Moves a user's Pro expiry, and their mailboxes' with it (Pro mailboxes live as long as Pro). */
async function setPro(
  deps: Deps,
  user: User,
  plan: User['plan'],
  proExpiresAt: number,
  now: number,
): Promise<User> {
  const updated = await deps.users.update(user.id, { plan, proExpiresAt }, now);
  await deps.mailboxes.setExpiryForOwner(user.id, proExpiresAt);
  return updated!;
}

/**
 * A paid 24-hour pass: Pro for 24 hours from payment, added after any Pro time left (a second
 * pass extends, it does not overlap). A running monthly plan stays the user's plan.
 */
export async function grantPass(deps: Deps, userId: string, now: number): Promise<User> {
  const user = await deps.users.findById(userId);
  if (!user) throw new Error(`payment for unknown user ${userId}`);
  const from = isPro(user, now) ? user.proExpiresAt! : now;
  const plan = isPro(user, now) && user.plan === 'pro_monthly' ? 'pro_monthly' : 'pro_24hr';
  return setPro(deps, user, plan, from + PASS_LENGTH_MS, now);
}

/**
 * The truth about a monthly subscription, as read back from the payment provider: the user is
 * Pro until the current period ends, whether the subscription renews or was cancelled (a
 * cancellation keeps Pro to the end of the paid period). Order-independent: applying an older
 * state after a newer one is harmless because the caller re-reads the subscription first.
 */
export async function applySubscription(
  deps: Deps,
  subscription: {
    id: string;
    userId: string;
    status: string;
    currentPeriodEnd: number;
    cancelAtPeriodEnd: boolean;
  },
  now: number,
): Promise<User> {
  await deps.billing.saveSubscription({ ...subscription, plan: 'pro_monthly', updatedAt: now });
  const user = await deps.users.findById(subscription.userId);
  if (!user) throw new Error(`subscription for unknown user ${subscription.userId}`);
  // A pass bought on top may reach further than the period: keep whichever ends later.
  const proExpiresAt = Math.max(
    subscription.currentPeriodEnd,
    isPro(user, now) ? user.proExpiresAt! : 0,
  );
  return setPro(deps, user, 'pro_monthly', proExpiresAt, now);
}
