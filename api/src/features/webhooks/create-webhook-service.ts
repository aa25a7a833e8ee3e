import { newId } from '../new-id.js';
import type { Stores } from '../stores.js';
import { checkWebhookUrl } from './check-webhook-target.js';
import { newWebhookSecret } from './sign-webhook.js';
import type { Webhook, WebhookDelivery } from './webhook-store.js';

/** Webhooks a user may hold at once. */
export const MAX_WEBHOOKS = 10;
/** How many deliveries the log shows per webhook. */
export const DELIVERY_LOG_LENGTH = 50;

export interface WebhookServiceDeps {
  stores: Pick<Stores, 'webhooks' | 'mailboxes'>;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
}

/** Why a webhook is refused, with the text to show. */
export type WebhookRefusal =
  { kind: 'invalid_url'; message: string } | { kind: 'not_your_address' } | { kind: 'too_many' };

/** A webhook and the address it is for (null: all the user's addresses). */
export type WebhookView = Webhook & { address: string | null };

/** A secret as a list may show it: its prefix and last four characters. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** Pro webhooks: registered per address or for all, signed, delivered from a durable queue. */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { webhooks, mailboxes } = deps.stores;

  async function withAddresses(userId: string, list: Webhook[]): Promise<WebhookView[]> {
    const owned = new Map(
      (await mailboxes.listByOwner(userId)).map((box) => [box.id, box.address]),
    );
    return list.map((webhook) => ({
      ...webhook,
      address: webhook.mailboxId === null ? null : (owned.get(webhook.mailboxId) ?? null),
    }));
  }

  return {
    list: async (userId: string) => withAddresses(userId, await webhooks.listForUser(userId)),

    /**
     * Registers `url` for one of the user's addresses (or all of them, when `address` is
     * null). The secret comes back this once; afterwards only its hint is shown.
     */
    async register(
      userId: string,
      request: { url: string; address: string | null },
      now: number,
    ): Promise<
      { ok: true; webhook: WebhookView; secret: string } | { ok: false; refusal: WebhookRefusal }
    > {
      const problem = checkWebhookUrl(request.url, deps.allowPrivate);
      if (problem) return { ok: false, refusal: { kind: 'invalid_url', message: problem } };
      let mailboxId: string | null = null;
      if (request.address !== null) {
        const wanted = request.address.trim().toLowerCase();
        const box = (await mailboxes.listByOwner(userId)).find((one) => one.address === wanted);
        if (!box) return { ok: false, refusal: { kind: 'not_your_address' } };
        mailboxId = box.id;
      }
      if ((await webhooks.listForUser(userId)).length >= MAX_WEBHOOKS) {
        return { ok: false, refusal: { kind: 'too_many' } };
      }
      const secret = newWebhookSecret();
      const webhook = await webhooks.create({
        id: newId(now),
        userId,
        mailboxId,
        url: request.url,
        secret,
        createdAt: now,
      });
      const [view] = await withAddresses(userId, [webhook]);
      return { ok: true, webhook: view!, secret };
    },

    /** A new secret, shown this once; deliveries are signed with it from now on. */
    async rotateSecret(userId: string, id: string) {
      const webhook = await webhooks.find(id, userId);
      if (!webhook) return undefined;
      const secret = newWebhookSecret();
      await webhooks.update(id, { secret });
      const [view] = await withAddresses(userId, [{ ...webhook, secret }]);
      return { webhook: view!, secret };
    },

    /** Turns a webhook that was turned off after failures back on, its count of them reset. */
    async enable(userId: string, id: string) {
      const webhook = await webhooks.find(id, userId);
      if (!webhook) return undefined;
      await webhooks.update(id, { disabledAt: null, disabledReason: null, failures: 0 });
      const [view] = await withAddresses(userId, [
        { ...webhook, disabledAt: null, disabledReason: null, failures: 0 },
      ]);
      return view!;
    },

    remove: (userId: string, id: string) => webhooks.remove(id, userId),

    /** Queues a test delivery, sent by the next run of the delivery job (within a second). */
    async sendTest(userId: string, id: string, now: number): Promise<WebhookDelivery | undefined> {
      const webhook = await webhooks.find(id, userId);
      if (!webhook) return undefined;
      return webhooks.queueTest(id, `test:${newId(now)}`, now);
    },

    /** The delivery log of one of the user's webhooks, newest first. */
    async deliveries(userId: string, id: string): Promise<WebhookDelivery[] | undefined> {
      if (!(await webhooks.find(id, userId))) return undefined;
      return webhooks.listDeliveries(id, DELIVERY_LOG_LENGTH);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
