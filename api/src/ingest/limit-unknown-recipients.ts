import type { Logger } from 'pino';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { SMTPServerSession } from 'smtp-server';
import type { CreateLimiter } from '../features/limits/create-limiter.js';

const HOUR_SECONDS = 3_600;

/** One connection's refusals, and what it knows of its client address's hourly budget. */
interface ConnectionCount {
  /** RCPTs refused so far: unknown mailboxes, and recipients deferred for a spent budget. */
  refused: number;
  /** Until when (epoch ms) the address's budget is spent: 0 when it is not; undefined until read. */
  spentUntil: number | undefined;
}

export interface UnknownRecipientLimits {
  /** Whether this connection has used its share of refusals: the next RCPT gets 421. */
  exhausted(session: SMTPServerSession): boolean;
  /**
   * Whether a recipient may be looked up. False once the client address has tried its
   * budget of unknown recipients this hour: the recipient is then deferred, live or not
   * (counted as a refusal of this connection).
   */
  admit(session: SMTPServerSession): Promise<boolean>;
  /**
   * Counts a recipient with no mailbox against the connection and the client address. False
   * when the address's budget was already spent elsewhere: defer it rather than refuse it.
   */
  countUnknown(session: SMTPServerSession): Promise<boolean>;
}

/**
 * Bounds directory harvesting: guessing addresses over RCPT and keeping the ones answered
 * 250. One connection may be refused `perConnection` recipients, after which it is told 421
 * 4.7.0 and closed, as Postfix does at `smtpd_hard_error_limit` (20). Reconnecting does not
 * reset the count: each client address has `perIpHour` unknown recipients an hour, counted
 * by `createLimiter` (in Redis when configured, so across every SMTP node).
 *
 * Past that budget every recipient from the address gets 450 4.7.1, live ones too, as
 * Postfix's `smtpd_client_recipient_rate_limit` answers: refusing only the unknown ones
 * would keep answering the question being asked. 450 is temporary, so a real MTA queues
 * and retries live mail within the hour instead of bouncing it; 550 would lose it, and 421
 * would also drop the recipients this transaction already has.
 *
 * Live mail costs one budget read per connection, at its first recipient: the read is kept
 * for the connection, which learns of a budget spent elsewhere at its own next miss.
 */
export function limitUnknownRecipients(options: {
  createLimiter: CreateLimiter;
  perConnection: number;
  perIpHour: number;
  logger: Logger;
}): UnknownRecipientLimits {
  const { perConnection, perIpHour, logger } = options;
  const limiter = options.createLimiter('smtp-unknown-recipients', perIpHour, HOUR_SECONDS);
  const connections = new WeakMap<SMTPServerSession, ConnectionCount>();

  function countOf(session: SMTPServerSession): ConnectionCount {
    let count = connections.get(session);
    if (!count) {
      count = { refused: 0, spentUntil: undefined };
      connections.set(session, count);
    }
    return count;
  }

  /** The budget's state for a connection that has not read it yet; unread if the store fails. */
  async function readSpentUntil(address: string): Promise<number> {
    try {
      const used = await limiter.get(address);
      return used && used.consumedPoints >= perIpHour ? Date.now() + used.msBeforeNext : 0;
    } catch (error) {
      logger.warn({ err: error }, 'smtp: unknown-recipient budget not readable; not applied');
      return 0;
    }
  }

  return {
    exhausted: (session) => countOf(session).refused >= perConnection,

    async admit(session) {
      const count = countOf(session);
      count.spentUntil ??= await readSpentUntil(session.remoteAddress);
      if (count.spentUntil <= Date.now()) return true;
      count.refused += 1;
      return false;
    },

    async countUnknown(session) {
      const count = countOf(session);
      count.refused += 1;
      try {
        const used = await limiter.consume(session.remoteAddress);
        if (used.remainingPoints === 0) count.spentUntil = Date.now() + used.msBeforeNext;
        return true;
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) {
          logger.warn({ err: result }, 'smtp: unknown-recipient budget not counted');
          return true;
        }
        count.spentUntil = Date.now() + result.msBeforeNext;
        return false;
      }
    },
  };
}
