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
 * Pro until what was paid for ends (`paidThrough`, the current period's end unless the
 * provider says otherwise), whether the subscription renews or was cancelled at the period's
 * end. A running subscription never shortens Pro (a pass bought on top reaches further). An
 * ended one (cancelled at once, refunded) takes back what it gave past its end, and only
 * that: Pro bought on top stays, and the ended subscription is saved as ending there, so
 * the same end applied again takes nothing more. Order-independent otherwise: the caller
 * re-reads the subscription first.
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
  paid: { paidThrough: number; ended: boolean } = {
    paidThrough: subscription.currentPeriodEnd,
    ended: false,
  },
): Promise<User> {
  // What this subscription had given, as last saved: its period's end, or where it ended.
  const granted = paid.ended
    ? ((await deps.billing.findSubscription(subscription.id))?.currentPeriodEnd ?? paid.paidThrough)
    : undefined;
  await deps.billing.saveSubscription({
    ...subscription,
    ...(paid.ended ? { currentPeriodEnd: paid.paidThrough } : {}),
    plan: 'pro_monthly',
    updatedAt: now,
  });
  const user = await deps.users.findById(subscription.userId);
  if (!user) throw new Error(`subscription for unknown user ${subscription.userId}`);
  const left = isPro(user, now) ? user.proExpiresAt! : 0;
  if (granted === undefined) {
    // Running: it reaches further than the Pro left, or changes nothing (a redelivery, an
    // incomplete subscription, a pass that reaches further).
    return paid.paidThrough > left
      ? setPro(deps, user, 'pro_monthly', paid.paidThrough, now)
      : user;
  }
  const takenBack = Math.max(0, Math.min(left, granted) - paid.paidThrough);
  return takenBack === 0 ? user : setPro(deps, user, user.plan, left - takenBack, now);
}
