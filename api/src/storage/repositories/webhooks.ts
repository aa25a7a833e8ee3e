import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  AttemptOutcome,
  ClaimedDelivery,
  Webhook,
  WebhookDelivery,
  WebhookStore,
} from '../../features/webhooks/webhook-store.js';
import type { DatabaseSchema, WebhookDeliveriesTable, WebhooksTable } from '../schema.js';
import { boundTime } from './messages-rows.js';

function toWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: row.id,
    userId: row.user_id,
    mailboxId: row.mailbox_id,
    url: row.url,
    secret: row.secret,
    createdAt: Number(row.created_at),
    disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    disabledReason: row.disabled_reason,
    failures: Number(row.failures),
  };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event,
    messageId: row.message_id,
    payload: row.payload,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastDurationMs: row.last_duration_ms,
    createdAt: Number(row.created_at),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  };
}

/**
 * Queues a delivery of each saved message to every enabled webhook of a Pro user that covers
 * its address (the address's own, or the user's for all addresses). Called by the ingest in
 * the transaction that saves the parse, so a saved message always has its deliveries. The id
 * joins the message's and the webhook's, so a second save of one parse queues nothing twice.
 */
export async function queueWebhookDeliveries(
  trx: Kysely<DatabaseSchema>,
  messageIds: readonly string[],
  now: number,
): Promise<void> {
  if (messageIds.length === 0) return;
  await trx
    .insertInto('webhook_deliveries')
    .columns(['id', 'webhook_id', 'event', 'message_id', 'next_attempt_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('messages')
        .innerJoin('mailboxes', 'mailboxes.id', 'messages.mailbox_id')
        .innerJoin('webhooks', (join) =>
          join.on((on) =>
            on.or([
              on('webhooks.mailbox_id', '=', on.ref('messages.mailbox_id')),
              on.and([
                on('webhooks.mailbox_id', 'is', null),
                on('webhooks.user_id', '=', on.ref('mailboxes.owner_user_id')),
              ]),
            ]),
          ),
        )
        .innerJoin('users', 'users.id', 'webhooks.user_id')
        .select((select) => [
          sql<string>`${select.ref('messages.id')} || ':' || ${select.ref('webhooks.id')}`.as('id'),
          'webhooks.id as webhook_id',
          sql.lit('message.received').as('event'),
          'messages.id as message_id',
          boundTime(now).as('next_attempt_at'),
          boundTime(now).as('created_at'),
        ])
        .where('messages.id', 'in', messageIds)
        .where('webhooks.disabled_at', 'is', null)
        .where('users.pro_expires_at', '>', now),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function createWebhooksRepository(db: Kysely<DatabaseSchema>): WebhookStore {
  return {
    async create(webhook) {
      const row = await db
        .insertInto('webhooks')
        .values({
          id: webhook.id,
          user_id: webhook.userId,
          mailbox_id: webhook.mailboxId,
          url: webhook.url,
          secret: webhook.secret,
          created_at: webhook.createdAt,
          disabled_at: null,
          disabled_reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWebhook(row);
    },

    async listForUser(userId) {
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toWebhook);
    },

    async find(id, userId) {
      const row = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toWebhook(row);
    },

    async update(id, changes) {
      await db
        .updateTable('webhooks')
        .set({
          ...(changes.secret !== undefined ? { secret: changes.secret } : {}),
          ...(changes.disabledAt !== undefined ? { disabled_at: changes.disabledAt } : {}),
          ...(changes.disabledReason !== undefined
            ? { disabled_reason: changes.disabledReason }
            : {}),
          ...(changes.failures !== undefined ? { failures: changes.failures } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async remove(id, userId) {
      const result = await db
        .deleteFrom('webhooks')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async queueTest(webhookId, id, now) {
      const row = await db
        .insertInto('webhook_deliveries')
        .values({
          id,
          webhook_id: webhookId,
          event: 'webhook.test',
          message_id: null,
          payload: null,
          next_attempt_at: now,
          last_status: null,
          last_error: null,
          last_duration_ms: null,
          created_at: now,
          delivered_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDelivery(row);
    },

    async listDeliveries(webhookId, limit) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDelivery);
    },

    async claimDue(now, limit, leaseMs) {
      const due = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select('webhook_deliveries.id')
        .where('webhook_deliveries.status', '=', 'pending')
        .where('webhook_deliveries.next_attempt_at', '<=', now)
        .where('webhooks.disabled_at', 'is', null)
        .orderBy('webhook_deliveries.next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedDelivery[] = [];
      for (const { id } of due) {
        // Taken only if no other worker took it since: the lease is the due time moved on.
        const taken = await db
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: now + leaseMs })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .returningAll()
          .executeTakeFirst();
        if (!taken) continue;
        const webhook = await db
          .selectFrom('webhooks')
          .selectAll()
          .where('id', '=', taken.webhook_id)
          .executeTakeFirst();
        if (!webhook) continue;
        claimed.push({
          ...toDelivery(taken),
          webhook: toWebhook(webhook),
          leasedUntil: now + leaseMs,
        });
      }
      return claimed;
    },

    async recordAttempt(delivery, outcome: AttemptOutcome, disableAfter) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_deliveries')
          .set({
            payload: outcome.payload,
            status: outcome.delivered
              ? 'delivered'
              : outcome.retryAt === null
                ? 'failed'
                : 'pending',
            attempts: delivery.attempts + 1,
            last_status: outcome.status,
            last_error: outcome.error,
            last_duration_ms: outcome.durationMs,
            ...(outcome.retryAt !== null ? { next_attempt_at: outcome.retryAt } : {}),
            ...(outcome.delivered ? { delivered_at: outcome.now } : {}),
          })
          .where('id', '=', delivery.id)
          .execute();
        if (outcome.delivered) {
          await trx
            .updateTable('webhooks')
            .set({ failures: 0 })
            .where('id', '=', delivery.webhookId)
            .execute();
          return;
        }
        if (!outcome.receiverFailed) return;
        const failed = await trx
          .updateTable('webhooks')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('id', '=', delivery.webhookId)
          .returning('failures')
          .executeTakeFirst();
        if (failed && Number(failed.failures) >= disableAfter) {
          await trx
            .updateTable('webhooks')
            .set({
              disabled_at: outcome.now,
              disabled_reason: `Turned off after ${disableAfter} failed deliveries in a row; the last: ${outcome.error ?? `HTTP ${outcome.status}`}.`,
            })
            .where('id', '=', delivery.webhookId)
            .where('disabled_at', 'is', null)
            .execute();
        }
      });
    },
  };
}
