import type { Request, Response } from 'express';
import type Stripe from 'stripe';
import { createDemoCheckout, type Transact } from '../../features/billing/demo-checkout.js';
import { PLANS, type ProPlan } from '../../features/billing/plans.js';
import { createStripeBilling } from '../../features/billing/stripe-billing.js';
import { offerPurchaseEmail } from '../../features/recovery/confirm-purchase-email.js';
import { inTransaction } from '../../storage/in-transaction.js';
import type { Services } from '../../services.js';
import type { Payment } from '../../storage/repositories/billing.js';
import { ApiError } from '../api-error.js';
import type { OperationHandlers } from '../mount-operations.js';
import { rawBodyOf } from '../raw-body.js';
import { userResource } from './visitor-handlers.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';
import { mailerFor } from '../../features/outbound/create-mailer.js';

/** Checkouts a user may start per hour. */
const CHECKOUTS_PER_HOUR = 30;

const status = { open: 'pending', complete: 'paid', canceled: 'canceled' } as const;

/** Pro plans and checkout for the dashboard. Without a payment provider: the demo checkout. */
export function billingHandlers(services: Services): OperationHandlers {
  const sessions = createSessions(services);
  const { publicUrl } = services.config;
  const limiter = services.createLimiter('checkout-hour', CHECKOUTS_PER_HOUR, 3600);
  const transact: Transact = (work) => inTransaction(services.storage, work);
  const demo = createDemoCheckout(services.repositories, transact, {
    pageUrl: (id) => `${publicUrl}/demo-checkout/${id}`,
    successUrl: (id) => `${publicUrl}/pro/success?cs=${id}`,
    cancelUrl: `${publicUrl}/pro/cancel`,
  });

  const stripe =
    services.stripe &&
    createStripeBilling(services.repositories, services.stripe, {
      publicUrl,
      prices: services.config.prices,
      transact,
      offerEmail: (userId, email, now) =>
        offerPurchaseEmail(
          { repositories: services.repositories, mailer: services.mailer, publicUrl },
          userId,
          email,
          now,
        ),
    });

  /** A checkout is the first thing a visitor stores: their user is saved here if new. */
  async function start(request: Request, response: Response, plan: ProPlan): Promise<string> {
    const user = await sessions.save(request, response);
    await consume(limiter, user.id, 'checkouts');
    const now = services.now();
    return stripe ? stripe.start(user, plan, now) : (await demo.start(user.id, plan, now)).url;
  }

  /** The caller's own demo payment; anyone else's is simply not found. */
  async function ownPayment(request: Request, id: string): Promise<Payment> {
    if (stripe)
      throw new ApiError(
        404,
        'not_found',
        'There is no demo checkout: payments go through Stripe.',
      );
    const { user } = await sessions.require(request);
    const payment = await services.repositories.billing.findPayment(id);
    if (!payment || payment.userId !== user.id || payment.provider !== 'demo') {
      throw new ApiError(404, 'not_found', 'No such checkout session.');
    }
    return payment;
  }

  const alreadyClosed = (payment: Payment) =>
    new ApiError(409, 'conflict', `This checkout session is already ${payment.status}.`);

  return {
    async createCheckoutSession(request, response) {
      const { plan } = request.body as { plan: ProPlan };
      response.json({ url: await start(request, response, plan) });
    },

    async createCheckout(request, response) {
      const { priceId, mode } = request.body as {
        priceId: string;
        mode: 'subscription' | 'payment';
      };
      const { prices } = services.config;
      const plan: ProPlan | undefined =
        priceId === prices.monthly
          ? 'pro_monthly'
          : priceId === prices.pass
            ? 'pro_24hr'
            : undefined;
      if (!plan) {
        throw new ApiError(400, 'validation_failed', `Unknown price ${priceId}.`, [
          { path: '/body/priceId', message: 'is not a price of ours' },
        ]);
      }
      if (PLANS[plan].mode !== mode) {
        throw new ApiError(
          400,
          'validation_failed',
          `The ${plan} plan is bought in ${PLANS[plan].mode} mode.`,
          [{ path: '/body/mode', message: `must be ${PLANS[plan].mode} for this price` }],
        );
      }
      response.json({ url: await start(request, response, plan) });
    },

    async verifyCheckout(request, response) {
      const { user } = await sessions.require(request);
      const id = String(request.query.session_id);
      const payment = await services.repositories.billing.findPayment(id);
      if (!payment || payment.userId !== user.id)
        throw new ApiError(404, 'not_found', 'No such checkout session.');
      // Stripe's word is asked, not the webhook's awaited: the success page may come first.
      if (payment.provider === 'stripe' && stripe) await stripe.syncCheckout(id, services.now());
      const settled = (await services.repositories.billing.findPayment(id))!;
      const now = services.now();
      const current = (await services.repositories.users.findById(user.id))!;
      // Finishing a purchase is a change of privilege: the browser's cookie is replaced.
      if (settled.status === 'complete') await sessions.renew(request, response, current);
      response.json({
        status: status[settled.status],
        plan: settled.plan,
        user: userResource(current, now),
        pendingEmail: (await services.repositories.tokens.findPendingEmail(user.id, now)) ?? null,
      });
    },

    async handleStripeWebhook(request, response) {
      if (!stripe || !services.stripe || !services.config.stripe) {
        throw new ApiError(404, 'not_found', 'Stripe is not configured on this server.');
      }
      let event: Stripe.Event;
      try {
        // Verified over the bytes as received: a re-serialised body would not match.
        event = services.stripe.webhooks.constructEvent(
          rawBodyOf(request) ?? '',
          String(request.headers['stripe-signature'] ?? ''),
          services.config.stripe.webhookSecret,
        );
      } catch {
        throw new ApiError(400, 'bad_request', 'The webhook signature does not match.');
      }
      await stripe.handleEvent(event, services.now());
      response.json({ received: true });
    },

    async createBillingPortalSession(request, response) {
      const user = await sessions.requirePro(request);
      if (user.plan !== 'pro_monthly') {
        throw new ApiError(403, 'forbidden', 'Only monthly subscribers have a billing portal.');
      }
      if (!stripe || !user.stripeCustomerId) {
        throw new ApiError(404, 'not_found', 'There is no billing portal for demo subscriptions.');
      }
      response.json({ url: await stripe.portalUrl(user) });
    },

    async getDemoCheckout(request, response) {
      const payment = await ownPayment(request, String(request.params.sessionId));
      response.json({
        id: payment.id,
        plan: payment.plan,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        successUrl: `${publicUrl}/pro/success?cs=${payment.id}`,
        cancelUrl: `${publicUrl}/pro/cancel`,
      });
    },

    async completeDemoCheckout(request, response) {
      const payment = await ownPayment(request, String(request.params.sessionId));
      const email = (request.body as { email?: string }).email?.trim().toLowerCase();
      const now = services.now();
      const buyer = await demo.complete(payment, now);
      if (!buyer) throw alreadyClosed(payment);
      await sessions.renew(request, response, buyer);
      if (email) {
        await offerPurchaseEmail(
          {
            repositories: services.repositories,
            mailer: mailerFor(services.mailer, request.id),
            publicUrl,
          },
          buyer.id,
          email,
          now,
        );
      }
      response.json({ url: `${publicUrl}/pro/success?cs=${payment.id}` });
    },

    async cancelDemoCheckout(request, response) {
      const payment = await ownPayment(request, String(request.params.sessionId));
      if (!(await demo.cancel(payment, services.now()))) throw alreadyClosed(payment);
      response.json({ url: `${publicUrl}/pro/cancel` });
    },
  };
}
