import type { Stores, Transact } from '../stores.js';
import type { BillingStore, Subscription } from './billing-store.js';
import { DEMO_SUBSCRIPTION_PREFIX } from './demo-checkout.js';
import { applySubscription } from './fulfil-payment.js';
import { DEMO_PERIOD_MS } from './plans.js';

/** Renewals read at a time. */
const RENEWALS_PAGE = 100;

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
 * does (so the user stays Pro to the end of the paid period either way). What the provider
 * would do at the period's end, renew, the worker does here (`renewDue`).
 */
export function createDemoBillingPortal(stores: Pick<Stores, 'billing'>, transact: Transact) {
  return {
    find: (userId: string, now: number) => findRunning(stores.billing, userId, now),

    /**
     * Renews the demo subscriptions whose period has ended and that were not cancelled, as a
     * payment provider charges and renews a real one: each gets the periods that bring it past
     * `now`, and its user stays Pro through the same fulfilment. Safe on several nodes at
     * once: each is read again in its transaction. Returns how many were renewed.
     */
    async renewDue(now: number): Promise<number> {
      let renewed = 0;
      for (;;) {
        const due = await stores.billing.listDueRenewals(
          DEMO_SUBSCRIPTION_PREFIX,
          now,
          RENEWALS_PAGE,
        );
        for (const { id } of due) {
          const done = await transact(async (repositories) => {
            const current = await repositories.billing.findSubscription(id);
            if (!current || current.cancelAtPeriodEnd || current.currentPeriodEnd > now)
              return false;
            const periods = Math.floor((now - current.currentPeriodEnd) / DEMO_PERIOD_MS) + 1;
            await applySubscription(
              repositories,
              { ...current, currentPeriodEnd: current.currentPeriodEnd + periods * DEMO_PERIOD_MS },
              now,
            );
            return true;
          });
          if (done) renewed += 1;
        }
        if (due.length < RENEWALS_PAGE) return renewed;
      }
    },

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
