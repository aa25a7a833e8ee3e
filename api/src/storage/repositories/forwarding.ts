import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, ForwardingSettingsTable } from '../schema.js';
import { siteLanguageOf } from '../../features/languages/site-languages.js';
import { boundTime } from './messages-rows.js';
import type {
  Delivery,
  DeliveryStore,
  ForwardingChanges,
  ForwardingSettings,
  ForwardingStore,
} from '../../features/forwarding/forwarding-store.js';

function toSettings(row: Selectable<ForwardingSettingsTable>): ForwardingSettings {
  return {
    userId: row.user_id,
    email: row.email,
    enabled: Boolean(row.enabled),
    confirmTokenHash: row.confirm_token_hash,
    confirmExpiresAt: row.confirm_expires_at,
    confirmedAt: row.confirmed_at,
    lastError: row.last_error,
    language: siteLanguageOf(row.language),
    updatedAt: row.updated_at,
  };
}

export function createForwardingRepository(db: Kysely<DatabaseSchema>): ForwardingStore {
  return {
    async find(userId: string): Promise<ForwardingSettings | undefined> {
      const row = await db
        .selectFrom('forwarding_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toSettings(row);
    },

    async findByConfirmToken(tokenHash: string): Promise<ForwardingSettings | undefined> {
      const row = await db
        .selectFrom('forwarding_settings')
        .selectAll()
        .where('confirm_token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && toSettings(row);
    },

    /** Creates or changes a user's settings; fields left out keep their value. */
    async save(
      userId: string,
      changes: ForwardingChanges,
      now: number,
    ): Promise<ForwardingSettings> {
      const values = {
        email: changes.email,
        enabled: changes.enabled === undefined ? undefined : changes.enabled ? 1 : 0,
        confirm_token_hash: changes.confirmTokenHash,
        confirm_expires_at: changes.confirmExpiresAt,
        confirmed_at: changes.confirmedAt,
        last_error: changes.lastError,
        language: changes.language,
        updated_at: now,
      };
      await db
        .insertInto('forwarding_settings')
        .values({ user_id: userId, ...values, enabled: values.enabled ?? 0 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      const saved = await this.find(userId);
      if (!saved) throw new Error(`forwarding settings of ${userId} vanished after saving`);
      return saved;
    },
  };
}

/**
 * Queues forwarding for freshly parsed messages whose mailbox belongs to a Pro user with
 * forwarding on and confirmed (once Pro ends nothing is forwarded: a paid feature, and the
 * owner of an ended Pro could not see it run). Runs inside the transaction that saves the parse, so a
 * parsed message is never left without its delivery; the key (message, destination) makes a
 * second queueing a no-op.
 */
export async function queueDeliveries(
  trx: Kysely<DatabaseSchema>,
  messageIds: readonly string[],
  now: number,
): Promise<void> {
  if (messageIds.length === 0) return;
  await trx
    .insertInto('forwarding_deliveries')
    .columns(['message_id', 'destination', 'user_id', 'next_attempt_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('messages')
        .innerJoin('mailboxes', 'mailboxes.id', 'messages.mailbox_id')
        .innerJoin('forwarding_settings', 'forwarding_settings.user_id', 'mailboxes.owner_user_id')
        .innerJoin('users', 'users.id', 'forwarding_settings.user_id')
        .select((select) => [
          'messages.id',
          sql<string>`${select.ref('forwarding_settings.email')}`.as('destination'),
          'forwarding_settings.user_id',
          boundTime(now).as('next_attempt_at'),
          boundTime(now).as('created_at'),
        ])
        .where('messages.id', 'in', messageIds)
        .where('forwarding_settings.email', 'is not', null)
        .where('forwarding_settings.confirmed_at', 'is not', null)
        .where(sql.ref('forwarding_settings.enabled'), '=', sql.lit(true))
        .where('users.pro_expires_at', '>', now),
    )
    .onConflict((oc) => oc.columns(['message_id', 'destination']).doNothing())
    .execute();
}

export function createDeliveriesRepository(db: Kysely<DatabaseSchema>): DeliveryStore {
  return {
    /**
     * Claims up to `limit` due deliveries for `leaseMs` (they are not due again meanwhile), so
     * several workers never send the same one at once.
     */
    async claimDue(now: number, limit: number, leaseMs: number): Promise<Delivery[]> {
      const due = await db
        .selectFrom('forwarding_deliveries')
        .select(['message_id', 'destination'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: Delivery[] = [];
      for (const row of due) {
        const taken = await db
          .updateTable('forwarding_deliveries')
          .set({ next_attempt_at: now + leaseMs })
          .where('message_id', '=', row.message_id)
          .where('destination', '=', row.destination)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .returning(['message_id', 'destination', 'user_id', 'attempts'])
          .executeTakeFirst();
        if (taken) {
          claimed.push({
            messageId: taken.message_id,
            destination: taken.destination,
            userId: taken.user_id,
            attempts: taken.attempts,
            leasedUntil: now + leaseMs,
          });
        }
      }
      return claimed;
    },

    /**
     * Extends a claim that is still the caller's (unchanged since it took or last renewed it)
     * to `until`; false when it lapsed and may be another worker's now.
     */
    async renewLease(delivery: Delivery, until: number): Promise<boolean> {
      const result = await db
        .updateTable('forwarding_deliveries')
        .set({ next_attempt_at: until })
        .where('message_id', '=', delivery.messageId)
        .where('destination', '=', delivery.destination)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', delivery.leasedUntil)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      delivery.leasedUntil = until;
      return true;
    },

    async markSent(delivery: Delivery, now: number): Promise<void> {
      await db
        .updateTable('forwarding_deliveries')
        .set({ status: 'sent', sent_at: now, attempts: delivery.attempts + 1, last_error: null })
        .where('message_id', '=', delivery.messageId)
        .where('destination', '=', delivery.destination)
        .execute();
    },

    /** Records a failed attempt: tried again at `retryAt`, or given up when it is null. */
    async markFailed(delivery: Delivery, error: string, retryAt: number | null): Promise<void> {
      await db
        .updateTable('forwarding_deliveries')
        .set({
          status: retryAt === null ? 'failed' : 'pending',
          attempts: delivery.attempts + 1,
          last_error: error,
          ...(retryAt === null ? {} : { next_attempt_at: retryAt }),
        })
        .where('message_id', '=', delivery.messageId)
        .where('destination', '=', delivery.destination)
        .execute();
    },

    async countSentSince(userId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('forwarding_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('sent_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
