// The prices the pages show are the prices the checkout charges, in the currency it charges:
// the dashboard's product facts against the server's plans.
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../api/src/features/billing/plans.js';
import { PLAN_PRICES, PRICE_CURRENCY } from '../../dashboard/src/shared/product-facts.js';

describe('the prices shown', () => {
  it('are the amounts and the currency each plan is charged in', () => {
    for (const plan of ['pro_monthly', 'pro_24hr'] as const) {
      expect(PLAN_PRICES[plan] * 100).toBe(PLANS[plan].amountCents);
      expect(PRICE_CURRENCY.toLowerCase()).toBe(PLANS[plan].currency);
    }
  });
});
