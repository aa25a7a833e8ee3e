import type Stripe from 'stripe';
import type { SiteLanguage } from '../languages/site-languages.js';
import type { RecoveryService } from '../recovery/create-recovery-service.js';
import type { Stores, Transact } from '../stores.js';
import type { User } from '../users/user-store.js';
import { isPro } from '../users/is-pro.js';
import type { Payment, Subscription } from './billing-store.js';
import { createDemoBillingPortal } from './demo-billing-portal.js';
import { createDemoCheckout } from './demo-checkout.js';
import { paymentReturnUrls } from './payment-return-urls.js';
import { PLANS, type ProPlan } from './plans.js';
import { createStripeBilling } from './stripe-billing.js';

export interface BillingServiceDeps {
  stores: Pick<Stores, 'users' | 'mailboxes' | 'billing'>;
  /** Runs fulfilment in one transaction: a payment never closes without its Pro time. */
  transact: Transact;
  /** The Stripe SDK when payments go through Stripe; the demo checkout runs otherwise. */
  stripe: Stripe | undefined;
  /** The Stripe price ids of the plans (STRIPE_PRICE_*). */
  prices: { monthly: string; pass: string };
  /** The signing secret of the Stripe webhook, when Stripe is configured. */
  webhookSecret: string | undefined;
  publicUrl: string;
  recovery: Pick<RecoveryService, 'offerPurchaseEmail'>;
}

/** What a payment's status reads as on the success page. */
const PAGE_STATUS = { open: 'pending', complete: 'paid', canceled: 'canceled' } as const;

/**
 * Buying Pro: a checkout through Stripe when it is configured, or the built-in demo checkout
 * (nothing charged, the same fulfilment) when it is not; the webhook; the billing portal,
 * Stripe's or the demo's.
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { publicUrl } = deps;
  const { billing } = deps.stores;
  const returnUrls = paymentReturnUrls(publicUrl);
  const demo = createDemoCheckout(deps.stores, deps.transact, {
    pageUrl: (id) => `${publicUrl}/demo-checkout/${id}`,
  });
  const demoPortal = createDemoBillingPortal(deps.stores, deps.transact);
  const stripe = deps.stripe
    ? createStripeBilling(deps.stores, deps.stripe, {
        publicUrl,
        prices: deps.prices,
        transact: deps.transact,
        offerEmail: (userId, email, now, language) =>
          deps.recovery.offerPurchaseEmail(userId, email, now, { language }),
      })
    : undefined;

  return {
    /** Whether payments go through Stripe (no demo checkout then). */
    usesStripe: stripe !== undefined,
    /** Where a checkout returns the buyer to, in the language it was started in. */
    returnUrls,
    /** Where the demo billing portal sends the browser back to. */
    portalReturnUrl: `${publicUrl}/`,

    /**
     * The plan a Stripe price id buys, if it is one of ours and bought in `mode`; otherwise
     * why not, for the caller to word.
     */
    planOfPrice(
      priceId: string,
      mode: 'subscription' | 'payment',
    ):
      | { plan: ProPlan }
      | { problem: 'unknown_price' }
      | { problem: 'wrong_mode'; plan: ProPlan; mode: string } {
      const { prices } = deps;
      const plan: ProPlan | undefined =
        priceId === prices.monthly
          ? 'pro_monthly'
          : priceId === prices.pass
            ? 'pro_24hr'
            : undefined;
      if (!plan) return { problem: 'unknown_price' };
      if (PLANS[plan].mode !== mode) return { problem: 'wrong_mode', plan, mode: PLANS[plan].mode };
      return { plan };
    },

    /** Starts a checkout for `plan`; the URL to send the buyer to. */
    async startCheckout(
      user: User,
      plan: ProPlan,
      now: number,
      language: SiteLanguage,
    ): Promise<string> {
      // The demo's page reads in the language the checkout was asked for in, as Stripe's does.
      return stripe
        ? stripe.start(user, plan, now, language)
        : `${(await demo.start(user.id, plan, now)).url}?lang=${language}`;
    },

    /**
     * A user's own checkout, brought up to date with the provider (the success page may come
     * before the webhook); undefined when it is not theirs.
     */
    async settleCheckout(
      userId: string,
      paymentId: string,
      now: number,
    ): Promise<{ status: 'pending' | 'paid' | 'canceled'; plan: ProPlan } | undefined> {
      const payment = await billing.findPayment(paymentId);
      if (!payment || payment.userId !== userId) return undefined;
      if (payment.provider === 'stripe' && stripe) await stripe.syncCheckout(paymentId, now);
      const settled = (await billing.findPayment(paymentId))!;
      return { status: PAGE_STATUS[settled.status], plan: settled.plan };
    },

    /**
     * A webhook delivery: checked against its signature over the bytes as received, then
     * processed once. 'unverified' when the signature does not match or Stripe is not set up.
     */
    async handleWebhook(
      rawBody: Buffer | string,
      signature: string,
      now: number,
    ): Promise<'handled' | 'unverified'> {
      if (!stripe || !deps.stripe || deps.webhookSecret === undefined) return 'unverified';
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
      } catch {
        return 'unverified';
      }
      await stripe.handleEvent(event, now);
      return 'handled';
    },

    /**
     * The billing portal of a monthly subscriber: Stripe's, or without Stripe the demo one;
     * undefined when the provider in use has no subscription of theirs (no Stripe customer, no
     * running demo subscription).
     */
    async portalUrl(user: User, now: number, language: SiteLanguage): Promise<string | undefined> {
      if (stripe) return user.stripeCustomerId ? stripe.portalUrl(user, language) : undefined;
      return (await demoPortal.find(user.id, now))
        ? `${publicUrl}/demo-billing?lang=${language}`
        : undefined;
    },

    /**
     * Whether the user's Pro renews by itself: a monthly plan whose subscription, the
     * provider's or the demo's, is active and not cancelled to end with its period.
     */
    async renews(user: User, now: number): Promise<boolean> {
      if (user.plan !== 'pro_monthly' || !isPro(user, now)) return false;
      const latest = await billing.findLatestSubscription(user.id);
      return (
        latest !== undefined &&
        latest.status === 'active' &&
        !latest.cancelAtPeriodEnd &&
        latest.currentPeriodEnd > now
      );
    },

    /** Renews the demo subscriptions due (none with Stripe, which renews its own). */
    renewDemoSubscriptions: (now: number): Promise<number> =>
      stripe ? Promise.resolve(0) : demoPortal.renewDue(now),

    /** A user's running demo subscription; undefined with Stripe or without one. */
    async findDemoSubscription(userId: string, now: number): Promise<Subscription | undefined> {
      return stripe ? undefined : demoPortal.find(userId, now);
    },

    /**
     * Cancels a user's running demo subscription at the period's end (true) or resumes it
     * (false), as Stripe's portal would; the subscription now, or undefined with Stripe or
     * without one.
     */
    async setDemoCancelAtPeriodEnd(
      userId: string,
      cancelAtPeriodEnd: boolean,
      now: number,
    ): Promise<Subscription | undefined> {
      return stripe ? undefined : demoPortal.setCancelAtPeriodEnd(userId, cancelAtPeriodEnd, now);
    },

    /** A user's own open-or-closed demo checkout; anyone else's is simply not found. */
    async findDemoPayment(userId: string, paymentId: string): Promise<Payment | undefined> {
      if (stripe) return undefined;
      const payment = await billing.findPayment(paymentId);
      return payment && payment.userId === userId && payment.provider === 'demo'
        ? payment
        : undefined;
    },

    /** Pays a demo checkout; the buyer now Pro, or undefined when it was no longer open. */
    completeDemo: (payment: Payment, now: number) => demo.complete(payment, now),

    /** Cancels a demo checkout; false when it was no longer open. */
    cancelDemo: (payment: Payment, now: number) => demo.cancel(payment, now),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
