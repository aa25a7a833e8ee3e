import {
  MAX_WEBHOOKS,
  secretHint,
  type WebhookView,
} from '../../features/webhooks/create-webhook-service.js';
import type { WebhookDelivery } from '../../features/webhooks/webhook-store.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The contract's Webhook: never the secret, only its hint. */
function webhookResource(webhook: WebhookView) {
  return {
    id: webhook.id,
    url: webhook.url,
    address: webhook.address,
    secretHint: secretHint(webhook.secret),
    createdAt: iso(webhook.createdAt)!,
    disabledAt: iso(webhook.disabledAt),
    disabledReason: webhook.disabledReason,
  };
}

function deliveryResource(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    durationMs: delivery.lastDurationMs,
    createdAt: iso(delivery.createdAt)!,
    deliveredAt: iso(delivery.deliveredAt),
    nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
  };
}

const notFound = () => new ApiError(404, 'not_found', 'Webhook not found.');

/**
 * Test deliveries a user may queue per hour: each makes our server POST to a URL of theirs,
 * and again on every retry for a day if it fails.
 */
const TESTS_PER_HOUR = 20;

/** A Pro user's webhooks: register, rotate, turn back on, test, delete, and the log. */
export function webhookHandlers(
  services: Services,
): SurfaceHandlers<
  | 'listWebhooks'
  | 'createWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'enableWebhook'
  | 'testWebhook'
  | 'listWebhookDeliveries'
> {
  const sessions = createSessions(services);
  const { webhooks } = services;
  const tests = services.createLimiter('webhook-test-hour', TESTS_PER_HOUR, 3600);

  return {
    async listWebhooks(request, response) {
      const user = await sessions.requirePro(request);
      response.json({ webhooks: (await webhooks.list(user.id)).map(webhookResource) });
    },

    async createWebhook(request, response) {
      const user = await sessions.requirePro(request);
      const { url, address = null } = request.body;
      const result = await webhooks.register(user.id, { url: url.trim(), address }, services.now());
      if (!result.ok) {
        const { refusal } = result;
        if (refusal.kind === 'invalid_url') {
          throw new ApiError(400, 'validation_failed', refusal.message, [
            { path: '/body/url', message: refusal.message },
          ]);
        }
        if (refusal.kind === 'not_your_address') {
          throw new ApiError(404, 'not_found', `${address} is not one of your addresses.`);
        }
        throw new ApiError(
          409,
          'conflict',
          `You have ${MAX_WEBHOOKS} webhooks already; delete one first.`,
        );
      }
      response
        .status(201)
        .json({ webhook: webhookResource(result.webhook), secret: result.secret });
    },

    async deleteWebhook(request, response) {
      const user = await sessions.requirePro(request);
      if (!(await webhooks.remove(user.id, request.params.id))) throw notFound();
      response.status(204).end();
    },

    async rotateWebhookSecret(request, response) {
      const user = await sessions.requirePro(request);
      const rotated = await webhooks.rotateSecret(user.id, request.params.id);
      if (!rotated) throw notFound();
      response.json({ webhook: webhookResource(rotated.webhook), secret: rotated.secret });
    },

    async enableWebhook(request, response) {
      const user = await sessions.requirePro(request);
      const enabled = await webhooks.enable(user.id, request.params.id);
      if (!enabled) throw notFound();
      response.json(webhookResource(enabled));
    },

    async testWebhook(request, response) {
      const user = await sessions.requirePro(request);
      await consume(tests, user.id, 'test deliveries');
      const delivery = await webhooks.sendTest(user.id, request.params.id, services.now());
      if (!delivery) throw notFound();
      response.status(202).json(deliveryResource(delivery));
    },

    async listWebhookDeliveries(request, response) {
      const user = await sessions.requirePro(request);
      const deliveries = await webhooks.deliveries(user.id, request.params.id);
      if (!deliveries) throw notFound();
      response.json({ deliveries: deliveries.map(deliveryResource) });
    },
  };
}
