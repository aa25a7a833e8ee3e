import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, PaymentsTable, SubscriptionsTable } from '../schema.js';
import type { BillingStore, Payment, Subscription } from '../../features/billing/billing-store.js';

function toPayment(row: Selectable<PaymentsTable>): Payment {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    plan: row.plan,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

function toSubscription(row: Selectable<SubscriptionsTable>): Subscription {
  return {
    id: row.id,
    userId: row.user_id,
    plan: row.plan,
    status: row.status,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
    updatedAt: row.updated_at,
  };
}

/** Checkout payments, monthly subscriptions, and the payment provider's processed events. */
export function createBillingRepository(db: Kysely<DatabaseSchema>): BillingStore {
  return {
    async createPayment(payment: Omit<Payment, 'status' | 'completedAt'>): Promise<Payment> {
      const row = {
        id: payment.id,
        user_id: payment.userId,
        provider: payment.provider,
        plan: payment.plan,
        status: 'open' as const,
        amount: payment.amount,
        currency: payment.currency,
        created_at: payment.createdAt,
        completed_at: null,
      };
      await db.insertInto('payments').values(row).execute();
      return toPayment(row);
    },

    async findPayment(id: string): Promise<Payment | undefined> {
      const row = await db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toPayment(row);
    },

    /**
     * Moves an open payment to complete or canceled. Returns false when it was not open, so
     * that of two concurrent fulfilments (webhook and success page) exactly one proceeds.
     */
    async closePayment(id: string, status: 'complete' | 'canceled', now: number): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status, completed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Whether a user has a payment the provider has not confirmed yet. */
    async hasOpenPayment(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return row !== undefined;
    },

    async saveSubscription(subscription: Subscription): Promise<void> {
      const values = {
        user_id: subscription.userId,
        plan: subscription.plan,
        status: subscription.status,
        current_period_end: subscription.currentPeriodEnd,
        cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
        updated_at: subscription.updatedAt,
      };
      await db
        .insertInto('subscriptions')
        .values({ id: subscription.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    async findSubscription(id: string): Promise<Subscription | undefined> {
      const row = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toSubscription(row);
    },

    /** The user's subscription that ends last, if any. */
    async findLatestSubscription(userId: string): Promise<Subscription | undefined> {
      const row = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('current_period_end', 'desc')
        .executeTakeFirst();
      return row && toSubscription(row);
    },

    async listDueRenewals(
      idPrefix: string,
      endedBy: number,
      limit: number,
    ): Promise<Subscription[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .selectAll()
        // The prefix taken as written: `_` and `%` are LIKE's wildcards otherwise.
        .where(sql<boolean>`id like ${`${idPrefix.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`)
        .where('status', '=', 'active')
        .where('cancel_at_period_end', '=', 0)
        .where('current_period_end', '<=', endedBy)
        .orderBy('current_period_end')
        .limit(limit)
        .execute();
      return rows.map(toSubscription);
    },

    async hasEvent(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_events')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Records a provider event id; returns false when it was already recorded, so a
     * redelivered event is processed once.
     */
    async recordEvent(event: { id: string; type: string }, now: number): Promise<boolean> {
      const result = await db
        .insertInto('payment_events')
        .values({ id: event.id, type: event.type, processed_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
  };
}
