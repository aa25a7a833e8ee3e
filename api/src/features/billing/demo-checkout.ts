import type { Stores, Transact } from '../stores.js';
import type { Payment } from './billing-store.js';
import type { User } from '../users/user-store.js';
import { newId } from '../new-id.js';
import { applySubscription, grantPass } from './fulfil-payment.js';
import { DEMO_PERIOD_MS, PLANS, type ProPlan } from './plans.js';

type Deps = Pick<Stores, 'users' | 'mailboxes' | 'billing'>;

/** How the subscriptions the demo checkout starts are named: after their payment. */
export const DEMO_SUBSCRIPTION_PREFIX = 'demo_sub_';

export interface CheckoutUrls {
  pageUrl: (paymentId: string) => string;
}

/**
 * The built-in checkout used when no payment provider is configured: nothing is charged,
 * and completing it runs the same fulfilment a provider's confirmation does.
 */
export function createDemoCheckout(deps: Deps, transact: Transact, urls: CheckoutUrls) {
  return {
    async start(
      userId: string,
      plan: ProPlan,
      now: number,
    ): Promise<{ payment: Payment; url: string }> {
      const payment = await deps.billing.createPayment({
        id: newId(now),
        userId,
        provider: 'demo',
        plan,
        amount: PLANS[plan].amountCents,
        currency: PLANS[plan].currency,
        createdAt: now,
      });
      return { payment, url: urls.pageUrl(payment.id) };
    },

    /**
     * Completes an open demo payment; resolves with its payer, now Pro (a payment is always
     * fulfilled onto the account that paid), or undefined when the payment was not open
     * (already used or cancelled).
     */
    async complete(payment: Payment, now: number): Promise<User | undefined> {
      return transact(async (repositories) => {
        if (!(await repositories.billing.closePayment(payment.id, 'complete', now)))
          return undefined;
        if (payment.plan === 'pro_24hr') return grantPass(repositories, payment.userId, now);
        return applySubscription(
          repositories,
          {
            id: `${DEMO_SUBSCRIPTION_PREFIX}${payment.id}`,
            userId: payment.userId,
            status: 'active',
            currentPeriodEnd: now + DEMO_PERIOD_MS,
            cancelAtPeriodEnd: false,
          },
          now,
        );
      });
    },

    async cancel(payment: Payment, now: number): Promise<boolean> {
      return deps.billing.closePayment(payment.id, 'canceled', now);
    },
  };
}
