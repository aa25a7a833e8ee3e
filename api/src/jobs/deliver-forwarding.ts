import type { Logger } from 'pino';
import type { Mailer } from '../features/outbound/create-mailer.js';
import { FORWARDING_DAILY_LIMIT, startOfUtcDay } from '../features/forwarding/manage-forwarding.js';
import type { Repositories } from '../storage/repositories/index.js';
import type { Delivery } from '../storage/repositories/forwarding.js';

const BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A claimed delivery is not due again for this long (another worker may take it after). */
const LEASE_MS = 5 * 60_000;
/** Attempts before a delivery is given up. */
const MAX_ATTEMPTS = 8;
const retryDelay = (attempts: number) => Math.min(60_000 * 2 ** attempts, 6 * 3_600_000);

interface Deps {
  repositories: Repositories;
  mailer: Mailer;
  logger: Logger;
  now: () => number;
}

async function deliver(deps: Deps, delivery: Delivery): Promise<void> {
  const { repositories } = deps;
  const now = deps.now();
  const fail = async (error: string) => {
    const attempts = delivery.attempts + 1;
    const retryAt = attempts < MAX_ATTEMPTS ? now + retryDelay(attempts - 1) : null;
    await repositories.deliveries.markFailed(delivery, error, retryAt);
    await repositories.forwarding.save(delivery.userId, { lastError: error }, now);
  };

  if (
    (await repositories.deliveries.countSentSince(delivery.userId, startOfUtcDay(now))) >=
    FORWARDING_DAILY_LIMIT
  ) {
    // Held, not dropped: it goes out when the next day's allowance starts.
    const error = `Daily forwarding limit of ${FORWARDING_DAILY_LIMIT} messages reached; the rest follows tomorrow.`;
    await repositories.deliveries.markFailed(delivery, error, startOfUtcDay(now) + DAY_MS);
    await repositories.forwarding.save(delivery.userId, { lastError: error }, now);
    return;
  }
  const mailbox = await repositories.messages.findMailboxOf(delivery.messageId);
  const message = mailbox && (await repositories.messages.find(delivery.messageId, [mailbox.id]));
  if (!mailbox || !message) return; // deleted meanwhile: nothing to forward
  const attachments = await Promise.all(
    message.attachments.map(async (attachment) => {
      const stored = await repositories.messages.findAttachment(message.id, attachment.id, [
        mailbox.id,
      ]);
      return {
        filename: attachment.filename || undefined,
        contentType: attachment.contentType,
        content: Buffer.from(stored!.content),
        cid: attachment.contentId ?? undefined,
        contentDisposition:
          attachment.disposition === 'inline' ? ('inline' as const) : ('attachment' as const),
      };
    }),
  );
  const sender = message.from.address
    ? `${message.from.name} <${message.from.address}>`
    : 'unknown sender';
  const note = `Forwarded by TempMail from ${mailbox.address}. Original sender: ${sender}.`;
  try {
    await deps.mailer.send({
      to: delivery.destination,
      subject: `[Forwarded] ${message.subject}`,
      // Replies go to the original sender; our own address is only the envelope sender.
      ...(message.from.address ? { replyTo: message.from.address } : {}),
      text: `${note}\n\n${message.text}`,
      ...(message.html ? { html: `<p>${escapeHtml(note)}</p><hr>${message.html}` } : {}),
      attachments,
    });
    await repositories.deliveries.markSent(delivery, deps.now());
    await repositories.forwarding.save(delivery.userId, { lastError: null }, deps.now());
  } catch (error) {
    await fail(error instanceof Error ? error.message : String(error));
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends every forwarding that is due; returns how many were attempted. */
export async function deliverDueForwarding(deps: Deps): Promise<number> {
  let attempted = 0;
  for (;;) {
    const claimed = await deps.repositories.deliveries.claimDue(deps.now(), BATCH, LEASE_MS);
    for (const delivery of claimed) await deliver(deps, delivery);
    attempted += claimed.length;
    if (claimed.length < BATCH) return attempted;
  }
}

/** Runs deliverDueForwarding every `intervalMs`; returns the function that stops it. */
export function startForwardingJob(deps: Deps & { intervalMs: number }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = deliverDueForwarding(deps)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'forwarding run failed; will retry'),
      )
      .finally(() => (busy = false));
  }, deps.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
