import type { Logger } from 'pino';
import type { EventBus } from '../../realtime/event-bus.js';
import type {
  MessagesRepository,
  MessageSummary,
  ParsedMessage,
} from '../../storage/repositories/messages.js';
import type { ParserPool } from './parser-pool.js';

interface Pending {
  raw: Uint8Array;
  mailboxIds: readonly string[];
  receivedAt: number;
  resolve: (ids: string[]) => void;
  reject: (error: unknown) => void;
}

/** At most this many messages share one transaction, so one commit stays short. */
const MAX_BATCH = 256;
const RECOVERY_PAGE = 100;

export interface Ingest {
  /**
   * Stores a raw message once per mailbox, durably, and resolves with the new ids only
   * after the commit; SMTP answers 250 then. Rejects when the database cannot commit.
   */
  accept(raw: Uint8Array, mailboxIds: readonly string[]): Promise<string[]>;
  /** Parses what a crash left committed but unparsed; resolves with how many. */
  recoverPending(): Promise<number>;
  /** Waits for the parsing and events of everything accepted so far. */
  drain(): Promise<void>;
}

export function createIngest(deps: {
  messages: MessagesRepository;
  parser: ParserPool;
  bus: EventBus;
  logger: Logger;
  now: () => number;
}): Ingest {
  let queue: Pending[] = [];
  let committing = false;
  const inFlight = new Set<Promise<void>>();

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  async function publishParsed(
    ids: readonly string[],
    mailboxIds: readonly string[],
    raw: Uint8Array,
    receivedAt: number,
    parsed: ParsedMessage,
  ) {
    for (const [index, id] of ids.entries()) {
      const mailboxId = mailboxIds[index]!;
      if (!(await deps.messages.saveParsed(id, parsed))) continue;
      const message: MessageSummary = {
        id,
        mailboxId,
        receivedAt,
        size: raw.byteLength,
        parseState: parsed.state,
        msgid: parsed.msgid,
        from: parsed.from,
        to: parsed.to,
        subject: parsed.subject,
        intro: parsed.intro,
        seen: false,
        hasAttachments: parsed.attachments.length > 0,
      };
      deps.bus.publish({ type: 'message.received', mailboxId, message });
    }
  }

  /** Parsed once per raw message, saved for each mailbox copy. */
  async function parseAndPublish(
    ids: readonly string[],
    mailboxIds: readonly string[],
    raw: Uint8Array,
    receivedAt: number,
  ) {
    try {
      const parsed = await deps.parser.parse(raw);
      await publishParsed(ids, mailboxIds, raw, receivedAt, parsed);
    } catch (error) {
      // The raw message is committed: the next start (recoverPending) parses it again.
      deps.logger.error({ err: error, ids }, 'parsing after commit failed; left pending');
    }
  }

  /** Stores a batch in one transaction and hands each message its ids. */
  async function commit(batch: readonly Pending[]): Promise<void> {
    const rows = batch.flatMap((pending) =>
      pending.mailboxIds.map((mailboxId) => ({
        mailboxId,
        raw: pending.raw,
        receivedAt: pending.receivedAt,
      })),
    );
    const ids = await deps.messages.storeReceived(rows);
    let offset = 0;
    for (const pending of batch) {
      const mine = ids.slice(offset, offset + pending.mailboxIds.length);
      offset += pending.mailboxIds.length;
      pending.resolve(mine);
      track(parseAndPublish(mine, pending.mailboxIds, pending.raw, pending.receivedAt));
    }
  }

  async function commitQueued(): Promise<void> {
    if (committing || queue.length === 0) return;
    committing = true;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    try {
      await commit(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
      } else {
        // One bad message (say, its mailbox was deleted after RCPT) must not fail the
        // others that shared its transaction: retry each alone, so only it gets 451.
        for (const pending of batch) {
          await commit([pending]).catch((single: unknown) => pending.reject(single));
        }
      }
    } finally {
      committing = false;
      // Whatever arrived during this commit goes together in the next one.
      if (queue.length > 0) void commitQueued();
    }
  }

  return {
    accept(raw, mailboxIds) {
      return new Promise((resolve, reject) => {
        queue.push({ raw, mailboxIds, receivedAt: deps.now(), resolve, reject });
        void commitQueued();
      });
    },

    async recoverPending() {
      let recovered = 0;
      const attempted = new Set<string>();
      for (;;) {
        const page = (await deps.messages.listPendingParse(RECOVERY_PAGE)).filter(
          ({ id }) => !attempted.has(id),
        );
        if (page.length === 0) return recovered;
        for (const { id, mailboxId } of page) {
          attempted.add(id);
          const raw = await deps.messages.readSourceForParsing(id);
          if (!raw) continue;
          const detail = await deps.messages.find(id, [mailboxId]);
          await parseAndPublish([id], [mailboxId], raw, detail?.receivedAt ?? deps.now());
          recovered += 1;
        }
      }
    },

    async drain() {
      while (queue.length > 0 || committing || inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
        if (queue.length > 0 || committing) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}
