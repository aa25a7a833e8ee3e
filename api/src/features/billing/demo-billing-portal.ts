import type { Stores, Transact } from '../stores.js';
import type { BillingStore, Subscription } from './billing-store.js';
import { DEMO_SUBSCRIPTION_PREFIX } from './demo-checkout.js';
import { applySubscription } from './fulfil-payment.js';

/** The user's latest subscription, if the demo checkout started it and its period runs. */
async function findRunning(
  billing: BillingStore,
  userId: string,
  now: number,
): Promise<Subscription | undefined> {
  const latest = await billing.findLatestSubscription(userId);
  return latest?.id.startsWith(DEMO_SUBSCRIPTION_PREFIX) && latest.currentPeriodEnd > now
    ? latest
    : undefined;
}

/**
 * The billing portal used when no payment provider is configured, for subscriptions the demo
 * checkout started: nothing is charged, and the one change it offers, cancelling at the
 * period's end or resuming, goes through the same fulfilment a provider's subscription update
 * does (so the user stays Pro to the end of the paid period either way).
 */
export function createDemoBillingPortal(stores: Pick<Stores, 'billing'>, transact: Transact) {
  return {
    find: (userId: string, now: number) => findRunning(stores.billing, userId, now),

    /**
     * Sets whether the user's running demo subscription ends at the period's end instead of
     * renewing; the subscription as saved, or undefined when they have none.
     */
    async setCancelAtPeriodEnd(
      userId: string,
      cancelAtPeriodEnd: boolean,
      now: number,
    ): Promise<Subscription | undefined> {
      return transact(async (repositories) => {
        const running = await findRunning(repositories.billing, userId, now);
        if (!running) return undefined;
        const updated = { ...running, cancelAtPeriodEnd, updatedAt: now };
        await applySubscription(repositories, updated, now);
        return updated;
      });
    },
  };
}
