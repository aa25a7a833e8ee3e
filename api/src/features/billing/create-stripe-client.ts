import Stripe from 'stripe';
import type { Config } from '../../config.js';

/** The Stripe SDK, pointed at STRIPE_API_URL when set (a local stand-in in tests). */
export function createStripeClient(stripe: NonNullable<Config['stripe']>): Stripe {
  const api = stripe.apiUrl ? new URL(stripe.apiUrl) : undefined;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}
