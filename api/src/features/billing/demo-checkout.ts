import type { Repositories } from '../../storage/repositories/index.js';
import type { Payment } from '../../storage/repositories/billing.js';
import { newId } from '../../storage/ids.js';
import { applySubscription, grantPass } from './fulfil-payment.js';
import { DEMO_PERIOD_MS, PLANS, type ProPlan } from './plans.js';

type Deps = Pick<Repositories, 'users' | 'mailboxes' | 'billing'>;

export interface CheckoutUrls {
  successUrl: (paymentId: string) => string;
  cancelUrl: string;
  pageUrl: (paymentId: string) => string;
}

/**
 * The built-in checkout used when no payment provider is configured: nothing is charged,
 * and completing it runs the same fulfilment a provider's confirmation does.
 */
export function createDemoCheckout(deps: Deps, urls: CheckoutUrls) {
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

    /** Completes an open demo payment; false when it was not open (already used or cancelled). */
    async complete(payment: Payment, now: number): Promise<boolean> {
      if (!(await deps.billing.closePayment(payment.id, 'complete', now))) return false;
      if (payment.plan === 'pro_24hr') {
        await grantPass(deps, payment.userId, now);
      } else {
        await applySubscription(
          deps,
          {
            id: `demo_sub_${payment.id}`,
            userId: payment.userId,
            status: 'active',
            currentPeriodEnd: now + DEMO_PERIOD_MS,
            cancelAtPeriodEnd: false,
          },
          now,
        );
      }
      return true;
    },

    async cancel(payment: Payment, now: number): Promise<boolean> {
      return deps.billing.closePayment(payment.id, 'canceled', now);
    },
  };
}
