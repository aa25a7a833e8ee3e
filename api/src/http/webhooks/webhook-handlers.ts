import {
  MAX_WEBHOOKS,
  secretHint,
  type WebhookView,
} from '../../features/webhooks/create-webhook-service.js';
import type { WebhookDelivery } from '../../features/webhooks/webhook-store.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import type { Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type {
  AnyOperationRequest,
  OperationHandler,
  SurfaceHandlers,
} from '../operation-handlers.js';
import { callerOf } from '../v1/guard-public-api.js';
import { requireToken } from '../v1/identify-caller.js';
import { consume } from '../rate-limit.js';
import { createSessions } from '../dashboard-api/sessions.js';

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

/** Who calls, by their session or their API token; refused when they may not. */
type Caller = (request: AnyOperationRequest, response: Response) => Promise<{ id: string }>;

/**
 * A user's webhooks, the same on both surfaces that offer them: the dashboard's (the session)
 * and `/v1` (an API token). Register, rotate, turn back on, test and the log need Pro
 * (`proCaller`); the list and delete need only the owner (`ownerCaller`): webhooks made in
 * Pro time outlive it, delivering nothing, and their owner can always see and end them.
 */
function webhookActions(
  services: Services,
  tests: RateLimiterAbstract,
  proCaller: Caller,
  ownerCaller: Caller,
) {
  const { webhooks } = services;

  const list: OperationHandler<'listDashboardWebhooks'> = async (request, response) => {
    const user = await ownerCaller(request, response);
    response.json({ webhooks: (await webhooks.list(user.id)).map(webhookResource) });
  };

  const create: OperationHandler<'createDashboardWebhook'> = async (request, response) => {
    const user = await proCaller(request, response);
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
    response.status(201).json({ webhook: webhookResource(result.webhook), secret: result.secret });
  };

  const remove: OperationHandler<'deleteDashboardWebhook'> = async (request, response) => {
    const user = await ownerCaller(request, response);
    if (!(await webhooks.remove(user.id, request.params.id))) throw notFound();
    response.status(204).end();
  };

  const rotate: OperationHandler<'rotateDashboardWebhookSecret'> = async (request, response) => {
    const user = await proCaller(request, response);
    const rotated = await webhooks.rotateSecret(user.id, request.params.id);
    if (!rotated) throw notFound();
    response.json({ webhook: webhookResource(rotated.webhook), secret: rotated.secret });
  };

  const enable: OperationHandler<'enableDashboardWebhook'> = async (request, response) => {
    const user = await proCaller(request, response);
    const enabled = await webhooks.enable(user.id, request.params.id);
    if (!enabled) throw notFound();
    response.json(webhookResource(enabled));
  };

  const test: OperationHandler<'testDashboardWebhook'> = async (request, response) => {
    const user = await proCaller(request, response);
    await consume(tests, user.id, 'test deliveries');
    const delivery = await webhooks.sendTest(user.id, request.params.id, services.now());
    if (!delivery) throw notFound();
    response.status(202).json(deliveryResource(delivery));
  };

  const deliveries: OperationHandler<'listDashboardWebhookDeliveries'> = async (
    request,
    response,
  ) => {
    const user = await proCaller(request, response);
    const log = await webhooks.deliveries(user.id, request.params.id);
    if (!log) throw notFound();
    response.json({ deliveries: log.map(deliveryResource) });
  };

  return { list, create, remove, rotate, enable, test, deliveries };
}

/**
 * The webhook operations of both surfaces: the dashboard's (`/api/webhooks`, the session's
 * Pro user) and `/v1` (a Pro API token's user), over one set of actions and limits.
 */
export function webhookHandlers(
  services: Services,
): SurfaceHandlers<
  | 'listDashboardWebhooks'
  | 'createDashboardWebhook'
  | 'deleteDashboardWebhook'
  | 'rotateDashboardWebhookSecret'
  | 'enableDashboardWebhook'
  | 'testDashboardWebhook'
  | 'listDashboardWebhookDeliveries'
  | 'listWebhooks'
  | 'createWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'enableWebhook'
  | 'testWebhook'
  | 'listWebhookDeliveries'
> {
  const sessions = createSessions(services);
  const tests = services.createLimiter('webhook-test-hour', TESTS_PER_HOUR, 3600);
  const dashboard = webhookActions(
    services,
    tests,
    (request) => sessions.requirePro(request),
    async (request) => (await sessions.require(request)).user,
  );
  const tokenCaller = (pro: boolean): Caller => {
    return async (_request, response) => {
      const caller = requireToken(callerOf(response));
      if (caller.kind !== 'api_token' || (pro && caller.tier !== 'pro')) {
        throw new ApiError(403, 'pro_required', 'Webhooks need a Pro API token.');
      }
      return caller.user;
    };
  };
  const publicApi = webhookActions(services, tests, tokenCaller(true), tokenCaller(false));
  return {
    listDashboardWebhooks: dashboard.list,
    createDashboardWebhook: dashboard.create,
    deleteDashboardWebhook: dashboard.remove,
    rotateDashboardWebhookSecret: dashboard.rotate,
    enableDashboardWebhook: dashboard.enable,
    testDashboardWebhook: dashboard.test,
    listDashboardWebhookDeliveries: dashboard.deliveries,
    listWebhooks: publicApi.list,
    createWebhook: publicApi.create,
    deleteWebhook: publicApi.remove,
    rotateWebhookSecret: publicApi.rotate,
    enableWebhook: publicApi.enable,
    testWebhook: publicApi.test,
    listWebhookDeliveries: publicApi.deliveries,
  };
}
