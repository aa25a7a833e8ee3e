import type Stripe from 'stripe';
import type { Stores, Transact } from '../stores.js';
import type { User } from '../users/user-store.js';
import { applySubscription, grantPass } from './fulfil-payment.js';
import { siteLanguageOf, type SiteLanguage } from '../languages/site-languages.js';
import { paymentReturnUrls } from './payment-return-urls.js';
import { PLANS, type ProPlan } from './plans.js';

type Deps = Pick<Stores, 'users' | 'mailboxes' | 'billing'>;

export interface StripeBillingOptions {
  publicUrl: string;
  prices: { monthly: string; pass: string };
  /** Runs fulfilment in one transaction: a payment never closes without its Pro time. */
  transact: Transact;
  /**
   * A purchase was paid with this email at Stripe: its owner is asked to prove it before it
   * becomes the payer's sign-in email (it never decides which account gets the Pro time).
   */
  offerEmail: (userId: string, email: string, now: number, language: SiteLanguage) => Promise<void>;
}

/** The period end of a subscription: on its items in current API versions (seconds). */
function periodEnd(subscription: Stripe.Subscription): number {
  return Math.max(0, ...subscription.items.data.map((item) => item.current_period_end)) * 1000;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * How long a renewal's payment may stay unpaid (Stripe retries it over days) while Pro goes
 * on: the renewal's invoice is open for about an hour before its first charge, and a card
 * that fails once often passes on the next try.
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * What a subscription has paid for, read from its status and its latest invoice. Stripe
 * moves the period on when it issues the renewal's invoice, before charging it, so the new
 * period counts only once that invoice is paid; until then Pro runs RENEWAL_GRACE_MS into
 * it. A subscription that never got its first payment (incomplete) has paid for nothing
 * and takes nothing away; an ended one has paid up to where it ended, or up to the unpaid
 * period's start.
 */
function paidThrough(
  subscription: Pick<Stripe.Subscription, 'status' | 'ended_at' | 'items'>,
  latestInvoicePaid: boolean,
): { paidThrough: number; ended: boolean } {
  const end = periodEnd(subscription as Stripe.Subscription);
  const start =
    Math.max(0, ...subscription.items.data.map((item) => item.current_period_start ?? 0)) * 1000;
  const graced = Math.min(end, start + RENEWAL_GRACE_MS);
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return { paidThrough: latestInvoicePaid ? end : graced, ended: false };
    case 'past_due':
      return { paidThrough: graced, ended: false };
    case 'incomplete':
    case 'incomplete_expired':
      return { paidThrough: 0, ended: false };
    case 'canceled': {
      const endedAt = subscription.ended_at ? subscription.ended_at * 1000 : end;
      return { paidThrough: Math.min(endedAt, latestInvoicePaid ? end : start), ended: true };
    }
    default:
      // unpaid, paused: the renewal was never paid; what came before it was.
      return { paidThrough: start, ended: true };
  }
}

/**
 * Pro plans through Stripe. Every change of state is read back from Stripe (never taken from
 * an event's body), so duplicated, late or out-of-order events all converge on the truth,
 * and fulfilment is idempotent (a payment closes once).
 */
export function createStripeBilling(deps: Deps, stripe: Stripe, options: StripeBillingOptions) {
  const returnUrls = paymentReturnUrls(options.publicUrl);
  async function syncSubscription(subscriptionId: string, now: number): Promise<User | undefined> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    const customerId = idOf(subscription.customer);
    const userId =
      subscription.metadata?.userId ??
      (customerId ? (await deps.users.findByStripeCustomer(customerId))?.id : undefined);
    if (!userId) return undefined;
    const latest = subscription.latest_invoice;
    const invoice = typeof latest === 'string' ? await stripe.invoices.retrieve(latest) : latest;
    // No invoice at all (a free trial's start): nothing is owed.
    const invoicePaid = !invoice || invoice.status === 'paid';
    return applySubscription(
      deps,
      {
        id: subscription.id,
        userId,
        status: subscription.status,
        currentPeriodEnd: periodEnd(subscription),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      },
      now,
      paidThrough(subscription, invoicePaid),
    );
  }

  /** Applies a checkout session if Stripe says it is paid; its payment status for the page. */
  async function syncCheckout(
    sessionId: string,
    now: number,
  ): Promise<'paid' | 'pending' | 'canceled'> {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'expired') {
      await deps.billing.closePayment(session.id, 'canceled', now);
      return 'canceled';
    }
    if (session.payment_status === 'unpaid') return 'pending';
    const payment = await deps.billing.findPayment(session.id);
    const email = (session.customer_details?.email ?? session.customer_email)?.toLowerCase();
    // Fulfilled onto the account that started the checkout, whatever email was typed at
    // Stripe: an email proves nothing until its owner opens the link we mail to it.
    const fulfilled =
      payment &&
      (await options.transact(async (repositories) => {
        if (!(await repositories.billing.closePayment(session.id, 'complete', now))) return false;
        const customerId = idOf(session.customer);
        if (customerId)
          await repositories.users.update(payment.userId, { stripeCustomerId: customerId }, now);
        if (session.mode === 'payment') await grantPass(repositories, payment.userId, now);
        return true;
      }));
    // The mail is written in the language the buyer started the checkout in.
    const language = siteLanguageOf(session.metadata?.language) ?? 'en';
    if (fulfilled && email) await options.offerEmail(payment.userId, email, now, language);
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) await syncSubscription(subscriptionId, now);
    return 'paid';
  }

  return {
    async start(user: User, plan: ProPlan, now: number, language: SiteLanguage): Promise<string> {
      const session = await stripe.checkout.sessions.create({
        mode: PLANS[plan].mode,
        line_items: [
          {
            price: plan === 'pro_monthly' ? options.prices.monthly : options.prices.pass,
            quantity: 1,
          },
        ],
        success_url: returnUrls.success('{CHECKOUT_SESSION_ID}', language),
        cancel_url: returnUrls.cancel(language),
        client_reference_id: user.id,
        // Stripe's page speaks the buyer's language; the mail after it reads it back.
        locale: language,
        metadata: { userId: user.id, plan, language },
        ...(user.email ? { customer_email: user.email } : {}),
        ...(PLANS[plan].mode === 'subscription'
          ? { subscription_data: { metadata: { userId: user.id } } }
          : {}),
      });
      await deps.billing.createPayment({
        id: session.id,
        userId: user.id,
        provider: 'stripe',
        plan,
        amount: PLANS[plan].amountCents,
        currency: PLANS[plan].currency,
        createdAt: now,
      });
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return session.url;
    },

    syncCheckout,

    /**
     * A verified webhook event: processed once (by event id), by re-reading its object.
     * Returns false for an event seen before.
     */
    async handleEvent(event: Stripe.Event, now: number): Promise<boolean> {
      // Recorded only once handled: a failure leaves it to Stripe's redelivery. Handling is
      // idempotent (objects are re-read, payments close once), so a race costs nothing.
      if (await deps.billing.hasEvent(event.id)) return false;
      const object = event.data.object as { id: string };
      switch (event.type) {
        case 'checkout.session.completed':
          await syncCheckout(object.id, now);
          break;
        case 'invoice.paid': {
          const invoice = await stripe.invoices.retrieve(object.id);
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (subscriptionId) await syncSubscription(subscriptionId, now);
          break;
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          await syncSubscription(object.id, now);
          break;
        default:
          break;
      }
      await deps.billing.recordEvent({ id: event.id, type: event.type }, now);
      return true;
    },

    async portalUrl(user: User, language: SiteLanguage): Promise<string> {
      const portal = await stripe.billingPortal.sessions.create({
        customer: user.stripeCustomerId!,
        return_url: options.publicUrl,
        locale: language,
      });
      return portal.url;
    },
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
