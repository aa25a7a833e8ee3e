import type { Logger } from 'pino';
import { runPeriodically } from './run-periodically.js';
import type { Stores } from '../features/stores.js';
import { postWebhook, WebhookTargetError } from '../features/webhooks/post-webhook.js';
import { SIGNATURE_HEADER, signWebhook } from '../features/webhooks/sign-webhook.js';
import { messageReceivedPayload, testPayload } from '../features/webhooks/webhook-payload.js';
import type { ClaimedDelivery } from '../features/webhooks/webhook-store.js';

const HOUR_MS = 3_600_000;
/** A delivery is tried for this long after it was queued, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * HOUR_MS;
/** A webhook is turned off after this many failed attempts in a row. */
export const WEBHOOK_DISABLE_AFTER = 20;
/**
 * A claimed delivery is not due again for this long: a worker that dies mid-attempt leaves
 * it to the next run after. Longer than an attempt can take (postWebhook's timeout).
 */
const LEASE_MS = 30_000;
/** 30 s, 1 min, 2 min… doubling, at most 2 hours apart. */
export const webhookRetryDelay = (attempts: number) =>
  Math.min(30_000 * 2 ** (attempts - 1), 2 * HOUR_MS);

interface Deps {
  stores: Stores;
  logger: Logger;
  now: () => number;
  /** Private, loopback and link-local targets allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

/** The body to send: the one fixed at the first attempt, else made now. */
async function payloadOf(deps: Deps, delivery: ClaimedDelivery): Promise<string | undefined> {
  if (delivery.payload !== null) return delivery.payload;
  if (delivery.event === 'webhook.test') return testPayload(delivery);
  const mailbox = await deps.stores.messages.findMailboxOf(delivery.messageId!);
  const message = mailbox && (await deps.stores.messages.find(delivery.messageId!, [mailbox.id]));
  return mailbox && message
    ? messageReceivedPayload(delivery, mailbox.address, message)
    : undefined;
}

async function attempt(deps: Deps, delivery: ClaimedDelivery): Promise<void> {
  const payload = await payloadOf(deps, delivery);
  const now = deps.now();
  if (payload === undefined) {
    // Deleted or expired before its first attempt: there is nothing to tell.
    await deps.stores.webhooks.recordAttempt(
      delivery,
      {
        payload: '',
        delivered: false,
        receiverFailed: false,
        status: null,
        error: 'The message was deleted before it could be delivered.',
        durationMs: null,
        retryAt: null,
        now,
      },
      WEBHOOK_DISABLE_AFTER,
    );
    return;
  }
  let status: number | null = null;
  let error: string | null = null;
  let durationMs: number | null = null;
  try {
    const answer = await postWebhook({
      url: delivery.webhook.url,
      body: payload,
      headers: {
        [SIGNATURE_HEADER]: signWebhook(delivery.webhook.secret, payload, Math.floor(now / 1000)),
        'TempMail-Delivery': delivery.id,
        'TempMail-Event': delivery.event,
      },
      allowPrivate: deps.allowPrivate,
    });
    status = answer.status;
    durationMs = answer.durationMs;
    if (status < 200 || status > 299) error = `The receiver answered HTTP ${status}.`;
  } catch (failure) {
    error =
      failure instanceof WebhookTargetError
        ? `Refused: ${failure.message}.`
        : `No answer: ${failure instanceof Error ? failure.message : String(failure)}.`;
  }
  const delivered = error === null;
  const retryAt = now + webhookRetryDelay(delivery.attempts + 1);
  await deps.stores.webhooks.recordAttempt(
    delivery,
    {
      payload,
      delivered,
      receiverFailed: !delivered,
      status,
      error,
      durationMs,
      retryAt: delivered || retryAt > delivery.createdAt + WEBHOOK_RETRY_WINDOW_MS ? null : retryAt,
      now: deps.now(),
    },
    WEBHOOK_DISABLE_AFTER,
  );
  if (!delivered) {
    deps.logger.info({ delivery: delivery.id, error }, 'webhook delivery failed');
  }
}

/** Attempts every webhook delivery that is due, one at a time; returns how many. */
export async function deliverDueWebhooks(deps: Deps): Promise<number> {
  let attempted = 0;
  for (;;) {
    const [delivery] = await deps.stores.webhooks.claimDue(deps.now(), 1, LEASE_MS);
    if (!delivery) return attempted;
    await attempt(deps, delivery);
    attempted += 1;
  }
}

/** Runs deliverDueWebhooks every `intervalMs`; returns the function that stops it. */
export function startWebhookJob(deps: Deps & { intervalMs: number }): () => Promise<void> {
  return runPeriodically(() => deliverDueWebhooks(deps), {
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    what: 'webhook run',
  });
}
