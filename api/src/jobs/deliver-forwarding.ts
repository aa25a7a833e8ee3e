import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { runPeriodically } from './run-periodically.js';
import { escapeHtml } from '../escape-html.js';
import { fillText, textsIn } from '../features/languages/server-texts.js';
import type { Mailer } from '../features/outbound/create-mailer.js';
import { FORWARDING_DAILY_LIMIT, startOfUtcDay } from '../features/forwarding/manage-forwarding.js';
import type { Stores } from '../features/stores.js';
import type { Delivery } from '../features/forwarding/forwarding-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A claimed delivery is not due again for this long, and the worker sending it renews the
 * claim every RENEW_MS while the relay takes its time. A worker that dies mid-send stops
 * renewing, so its delivery is due again (to a restarted or another worker) within LEASE_MS.
 */
const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
/** Attempts before a delivery is given up. */
const MAX_ATTEMPTS = 8;
const retryDelay = (attempts: number) => Math.min(60_000 * 2 ** attempts, 6 * 3_600_000);

interface Deps {
  stores: Stores;
  mailer: Mailer;
  logger: Logger;
  now: () => number;
}

/**
 * The Message-ID of the copy of message `messageId` forwarded to `destination`, in our own
 * `domain`: the same on every attempt. A crash after the relay accepted a copy but before it
 * was marked sent makes us send it again; both copies then carry one Message-ID, which is how
 * mail clients recognise a duplicate (RFC 5322 section 3.6.4: one message, one identifier).
 */
export function forwardedMessageId(messageId: string, destination: string, domain: string) {
  const recipient = createHash('sha256').update(destination).digest('hex').slice(0, 16);
  return `<forward.${messageId}.${recipient}@${domain}>`;
}

/** Runs `work` while renewing the claim on `delivery`, so no other worker sends it meanwhile. */
async function holdingClaim<T>(deps: Deps, delivery: Delivery, work: () => Promise<T>) {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = deps.stores.deliveries.renewLease(delivery, deps.now() + LEASE_MS).then(
      (held) => {
        if (!held)
          deps.logger.warn(
            { message: delivery.messageId },
            'forwarding claim lapsed while sending; another worker may send this copy too',
          );
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'renewing a forwarding claim failed'),
    );
  }, RENEW_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}

async function deliver(deps: Deps, delivery: Delivery): Promise<void> {
  const { stores } = deps;
  const now = deps.now();
  const fail = async (error: string) => {
    const attempts = delivery.attempts + 1;
    const retryAt = attempts < MAX_ATTEMPTS ? now + retryDelay(attempts - 1) : null;
    await stores.deliveries.markFailed(delivery, error, retryAt);
    await stores.forwarding.save(delivery.userId, { lastError: error }, now);
  };

  // Turned off (or pointed elsewhere) since this copy was queued: the owner's word stands
  // over a copy still waiting, a retry or one held by the daily limit alike.
  const settings = await stores.forwarding.find(delivery.userId);
  if (!settings?.enabled || settings.email !== delivery.destination) {
    await stores.deliveries.markFailed(delivery, 'Forwarding was turned off before it went.', null);
    return;
  }
  if (
    (await stores.deliveries.countSentSince(delivery.userId, startOfUtcDay(now))) >=
    FORWARDING_DAILY_LIMIT
  ) {
    // Held, not dropped: it goes out when the next day's allowance starts.
    const error = `Daily forwarding limit of ${FORWARDING_DAILY_LIMIT} messages reached; the rest follows tomorrow.`;
    await stores.deliveries.markFailed(delivery, error, startOfUtcDay(now) + DAY_MS);
    await stores.forwarding.save(delivery.userId, { lastError: error }, now);
    return;
  }
  const mailbox = await stores.messages.findMailboxOf(delivery.messageId);
  const message = mailbox && (await stores.messages.find(delivery.messageId, [mailbox.id]));
  if (!mailbox || !message) return; // deleted meanwhile: nothing to forward
  const attachments = await Promise.all(
    message.attachments.map(async (attachment) => {
      const stored = await stores.messages.findAttachment(message.id, attachment.id, [mailbox.id]);
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
  // In the language the owner set forwarding up in.
  const { forwarded } = textsIn(settings.language ?? 'en').mails;
  const sender = message.from.address
    ? `${message.from.name} <${message.from.address}>`
    : forwarded.unknownSender;
  const note = fillText(forwarded.note, { address: mailbox.address, sender });
  const domain = mailbox.address.slice(mailbox.address.lastIndexOf('@') + 1);
  try {
    await holdingClaim(deps, delivery, () =>
      deps.mailer.send({
        to: delivery.destination,
        subject: fillText(forwarded.subject, { subject: message.subject }),
        messageId: forwardedMessageId(message.id, delivery.destination, domain),
        // Replies go to the original sender; our own address is only the envelope sender.
        ...(message.from.address ? { replyTo: message.from.address } : {}),
        text: `${note}\n\n${message.text}`,
        ...(message.html ? { html: `<p>${escapeHtml(note)}</p><hr>${message.html}` } : {}),
        attachments,
      }),
    );
  } catch (error) {
    await fail(error instanceof Error ? error.message : String(error));
    return;
  }
  // Outside the try: the relay has the copy, so a failure here must not count as a failed
  // send. The claim then lapses and the copy goes again, with the same Message-ID.
  await stores.deliveries.markSent(delivery, deps.now());
  await stores.forwarding.save(delivery.userId, { lastError: null }, deps.now());
}

/**
 * Sends every forwarding that is due; returns how many were attempted. Claims one at a time:
 * a claimed delivery waits for nobody else's send, and a crash strands at most the one in
 * flight (until its claim lapses).
 */
export async function deliverDueForwarding(deps: Deps): Promise<number> {
  let attempted = 0;
  for (;;) {
    const [delivery] = await deps.stores.deliveries.claimDue(deps.now(), 1, LEASE_MS);
    if (!delivery) return attempted;
    await deliver(deps, delivery);
    attempted += 1;
  }
}

/** Runs deliverDueForwarding every `intervalMs`; returns the function that stops it. */
export function startForwardingJob(deps: Deps & { intervalMs: number }): () => Promise<void> {
  return runPeriodically(() => deliverDueForwarding(deps), {
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    what: 'forwarding run',
  });
}
