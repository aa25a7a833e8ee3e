import type { ProPlan } from './plans.js';

/** One checkout: open until the provider confirms or cancels it. */
export interface Payment {
  id: string;
  userId: string;
  provider: 'stripe' | 'demo';
  plan: ProPlan;
  status: 'open' | 'complete' | 'canceled';
  amount: number;
  currency: string;
  createdAt: number;
  completedAt: number | null;
}

/** A monthly plan as the provider last reported it. */
export interface Subscription {
  id: string;
  userId: string;
  plan: 'pro_monthly';
  status: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  updatedAt: number;
}

/**
 * Checkout payments, monthly subscriptions, and the payment provider's processed events
 * (storage/repositories/billing.ts implements it).
 */
export interface BillingStore {
  createPayment(payment: Omit<Payment, 'status' | 'completedAt'>): Promise<Payment>;
  findPayment(id: string): Promise<Payment | undefined>;
  /**
   * Moves an open payment to complete or canceled. Returns false when it was not open, so
   * that of two concurrent fulfilments (webhook and success page) exactly one proceeds.
   */
  closePayment(id: string, status: 'complete' | 'canceled', now: number): Promise<boolean>;
  /** Whether a user has a payment the provider has not confirmed yet. */
  hasOpenPayment(userId: string): Promise<boolean>;
  saveSubscription(subscription: Subscription): Promise<void>;
  findSubscription(id: string): Promise<Subscription | undefined>;
  /** The user's subscription that ends last, if any. */
  findLatestSubscription(userId: string): Promise<Subscription | undefined>;
  /**
   * Active subscriptions whose id starts with `idPrefix`, set to renew, whose period ended
   * by `endedBy`: the demo's renewals due. At most `limit`, the earliest first.
   */
  listDueRenewals(idPrefix: string, endedBy: number, limit: number): Promise<Subscription[]>;
  hasEvent(id: string): Promise<boolean>;
  /**
   * Records a provider event id; returns false when it was already recorded, so a
   * redelivered event is processed once.
   */
  recordEvent(event: { id: string; type: string }, now: number): Promise<boolean>;
}
