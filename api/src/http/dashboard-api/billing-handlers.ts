import { clientAddress } from '../client-address.js';
import type { Response } from 'express';
import type { Payment, Subscription } from '../../features/billing/billing-store.js';
import { PLANS, type ProPlan } from '../../features/billing/plans.js';
import type { User } from '../../features/users/user-store.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import type { AnyOperationRequest, SurfaceHandlers } from '../operation-handlers.js';
import { rawBodyOf } from '../raw-body.js';
import { userResource } from './visitor-handlers.js';
import { consume } from '../rate-limit.js';
import { mailRequestOf, requestLanguage } from '../request-language.js';
import { createSessions } from './sessions.js';
import { isMailableAddress, NOT_MAILABLE } from '../../features/outbound/mailable-address.js';

/**
 * Checkouts started per hour, by a user and from an IP address: a new browser is a new user,
 * and the demo checkout makes a Pro account for nothing, so the user's count alone bounds
 * nothing.
 */
const CHECKOUTS_PER_HOUR = 30;

/**
 * Pro plans, checkout and the billing portal for the dashboard. Without a payment provider:
 * the demo checkout and the demo billing portal.
 */
export function billingHandlers(
  services: Services,
): SurfaceHandlers<
  | 'createCheckoutSession'
  | 'createCheckout'
  | 'verifyCheckout'
  | 'handleStripeWebhook'
  | 'createBillingPortalSession'
  | 'getDemoCheckout'
  | 'completeDemoCheckout'
  | 'cancelDemoCheckout'
  | 'getDemoSubscription'
  | 'cancelDemoSubscription'
  | 'resumeDemoSubscription'
> {
  const sessions = createSessions(services);
  const limiter = services.createLimiter('checkout-hour', CHECKOUTS_PER_HOUR, 3600);
  const perIp = services.createLimiter('checkout-ip-hour', CHECKOUTS_PER_HOUR, 3600);
  const { billing } = services;

  /** A checkout is the first thing a visitor stores: their user is saved here if new. */
  async function start(
    request: AnyOperationRequest,
    response: Response,
    plan: ProPlan,
  ): Promise<string> {
    await consume(perIp, clientAddress(request), 'checkouts from this address');
    const user = await sessions.save(request, response);
    await consume(limiter, user.id, 'checkouts');
    return billing.startCheckout(user, plan, services.now(), requestLanguage(request));
  }

  /** The caller's own demo payment; anyone else's is simply not found. */
  async function ownPayment(request: AnyOperationRequest, id: string): Promise<Payment> {
    if (billing.usesStripe)
      throw new ApiError(
        404,
        'not_found',
        'There is no demo checkout: payments go through Stripe.',
      );
    const { user } = await sessions.require(request);
    const payment = await billing.findDemoPayment(user.id, id);
    if (!payment) throw new ApiError(404, 'not_found', 'No such checkout session.');
    return payment;
  }

  const alreadyClosed = (payment: Payment) =>
    new ApiError(409, 'conflict', `This checkout session is already ${payment.status}.`);

  const onlyMonthly = () =>
    new ApiError(403, 'forbidden', 'Only monthly subscribers have a billing portal.');

  /** The caller, who must be a monthly subscriber for the demo billing portal. */
  async function demoSubscriber(request: AnyOperationRequest): Promise<User> {
    if (billing.usesStripe)
      throw new ApiError(
        404,
        'not_found',
        'There is no demo billing portal: payments go through Stripe.',
      );
    const user = await sessions.requirePro(request);
    if (user.plan !== 'pro_monthly') throw onlyMonthly();
    return user;
  }

  const noDemoSubscription = () =>
    new ApiError(404, 'not_found', 'There is no demo subscription to manage.');

  const demoSubscriptionResource = (subscription: Subscription) => ({
    plan: subscription.plan,
    amount: PLANS[subscription.plan].amountCents,
    currency: PLANS[subscription.plan].currency,
    currentPeriodEnd: new Date(subscription.currentPeriodEnd).toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    returnUrl: billing.portalReturnUrl,
  });

  /** Cancels the caller's demo subscription at the period's end, or resumes it. */
  async function setCancelAtPeriodEnd(request: AnyOperationRequest, cancelAtPeriodEnd: boolean) {
    const user = await demoSubscriber(request);
    const now = services.now();
    const subscription = await billing.setDemoCancelAtPeriodEnd(user.id, cancelAtPeriodEnd, now);
    if (!subscription) throw noDemoSubscription();
    return demoSubscriptionResource(subscription);
  }

  return {
    async createCheckoutSession(request, response) {
      const { plan } = request.body;
      response.json({ url: await start(request, response, plan) });
    },

    async createCheckout(request, response) {
      const { priceId, mode } = request.body;
      const price = billing.planOfPrice(priceId, mode);
      if ('problem' in price && price.problem === 'unknown_price') {
        throw new ApiError(400, 'validation_failed', `Unknown price ${priceId}.`, [
          { path: '/body/priceId', message: 'is not a price of ours' },
        ]);
      }
      if ('problem' in price) {
        throw new ApiError(
          400,
          'validation_failed',
          `The ${price.plan} plan is bought in ${price.mode} mode.`,
          [{ path: '/body/mode', message: `must be ${price.mode} for this price` }],
        );
      }
      const { plan } = price;
      response.json({ url: await start(request, response, plan) });
    },

    async verifyCheckout(request, response) {
      const { user } = await sessions.require(request);
      const id = request.query.session_id;
      const now = services.now();
      // Stripe's word is asked, not the webhook's awaited: the success page may come first.
      const settled = await billing.settleCheckout(user.id, id, now);
      if (!settled) throw new ApiError(404, 'not_found', 'No such checkout session.');
      const current = (await services.accounts.find(user.id))!;
      // Finishing a purchase is a change of privilege: the browser's cookie is replaced.
      if (settled.status === 'paid') await sessions.renew(request, response, current);
      response.json({
        status: settled.status,
        plan: settled.plan,
        user: await userResource(services, current),
        pendingEmail: (await services.recovery.pendingEmail(user.id, now)) ?? null,
      });
    },

    async handleStripeWebhook(request, response) {
      if (!billing.usesStripe) {
        throw new ApiError(404, 'not_found', 'Stripe is not configured on this server.');
      }
      // Verified over the bytes as received: a re-serialised body would not match.
      const outcome = await billing.handleWebhook(
        rawBodyOf(request) ?? '',
        String(request.headers['stripe-signature'] ?? ''),
        services.now(),
      );
      if (outcome === 'unverified') {
        throw new ApiError(400, 'bad_request', 'The webhook signature does not match.');
      }
      response.json({ received: true });
    },

    async createBillingPortalSession(request, response) {
      const user = await sessions.requirePro(request);
      if (user.plan !== 'pro_monthly') throw onlyMonthly();
      const url = await billing.portalUrl(user, services.now(), requestLanguage(request));
      if (!url) {
        throw new ApiError(404, 'not_found', 'There is no subscription to manage.');
      }
      response.json({ url });
    },

    async getDemoCheckout(request, response) {
      const payment = await ownPayment(request, request.params.sessionId);
      response.json({
        id: payment.id,
        plan: payment.plan,
        amount: payment.amount,
        currency: payment.currency,
        status: payment.status,
        successUrl: billing.returnUrls.success(payment.id, requestLanguage(request)),
        cancelUrl: billing.returnUrls.cancel(requestLanguage(request)),
      });
    },

    async completeDemoCheckout(request, response) {
      const payment = await ownPayment(request, request.params.sessionId);
      const email = request.body.email?.trim().toLowerCase();
      if (email && !isMailableAddress(email)) {
        throw new ApiError(400, 'validation_failed', 'Enter a valid email address, or none.', [
          {
            path: '/body/email',
            message: NOT_MAILABLE,
          },
        ]);
      }
      const now = services.now();
      const buyer = await billing.completeDemo(payment, now);
      if (!buyer) throw alreadyClosed(payment);
      await sessions.renew(request, response, buyer);
      if (email) {
        await services.recovery.offerPurchaseEmail(buyer.id, email, now, mailRequestOf(request));
      }
      response.json({ url: billing.returnUrls.success(payment.id, requestLanguage(request)) });
    },

    async cancelDemoCheckout(request, response) {
      const payment = await ownPayment(request, request.params.sessionId);
      if (!(await billing.cancelDemo(payment, services.now()))) throw alreadyClosed(payment);
      response.json({ url: billing.returnUrls.cancel(requestLanguage(request)) });
    },

    async getDemoSubscription(request, response) {
      const user = await demoSubscriber(request);
      const subscription = await billing.findDemoSubscription(user.id, services.now());
      if (!subscription) throw noDemoSubscription();
      response.json(demoSubscriptionResource(subscription));
    },

    async cancelDemoSubscription(request, response) {
      response.json(await setCancelAtPeriodEnd(request, true));
    },

    async resumeDemoSubscription(request, response) {
      response.json(await setCancelAtPeriodEnd(request, false));
    },
  };
}
