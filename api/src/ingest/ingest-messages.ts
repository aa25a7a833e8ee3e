import type { Logger } from 'pino';
import { primaryLink } from '../features/extraction/extract-links.js';
import type { EventBus } from '../realtime/event-bus.js';
import type {
  CommitBatch,
  CommitResult,
  MessageDetail,
  MessageSummary,
  ParsedMessage,
  TlsSession,
} from '../features/messages/message-types.js';
import { createGroupCommit } from './group-commit.js';
import type { ParserPool } from './parser-pool.js';

/** At most this many messages share one transaction, so one commit stays short. */
const MAX_BATCH = 256;
const RECOVERY_PAGE = 100;

/**
 * Up to this size a message is parsed before its commit: it is stored parsed in one write,
 * and its event goes out with its 250. Storing raw, then saving the parse in a second
 * commit, cost twice the writes and thread hops: ingest CPU per 2 KB message fell from
 * about 0.9 ms (`npm run bench -- smtp`). A larger message is committed raw first and
 * parsed after its 250, so a parse that takes seconds never holds its sender.
 */
const PARSE_BEFORE_COMMIT_BYTES = 1024 * 1024;

interface Received {
  raw: Uint8Array;
  mailboxIds: readonly string[];
  receivedAt: number;
  tls?: TlsSession;
  parsed?: ParsedMessage;
}

/** One mailbox's copy of a received message, as committed. */
interface StoredCopy {
  id: string;
  mailboxId: string;
}

type ReceivedWrite = Received & { kind: 'received' };
type ParsedWrite = { kind: 'parsed'; id: string; parsed: ParsedMessage };
type Write = ReceivedWrite | ParsedWrite;

export interface Ingest {
  /**
   * Stores a raw message once per mailbox, durably, and resolves with the new ids only
   * after the commit; SMTP answers 250 then. A mailbox that has ended by the commit (its
   * time came, another message ended it meanwhile, or it was deleted) takes no copy: fewer
   * ids than mailboxes, none when every one had ended. Rejects when the database cannot
   * commit. `tls` is the session it came over, if any.
   */
  accept(raw: Uint8Array, mailboxIds: readonly string[], tls?: TlsSession): Promise<string[]>;
  /** Parses what a crash left committed but unparsed; resolves with how many. */
  recoverPending(): Promise<number>;
  /** Waits for the parsing and events of everything accepted so far. */
  drain(): Promise<void>;
}

/** What recovery reads back from storage (the messages repository provides it). */
export interface PendingMessages {
  /** Messages committed but not parsed yet, oldest first. */
  listPendingParse(limit: number): Promise<{ id: string; mailboxId: string }[]>;
  /** The raw source, whatever mailbox holds it. */
  readSourceForParsing(id: string): Promise<Uint8Array | undefined>;
  find(id: string, mailboxIds: readonly string[]): Promise<MessageDetail | undefined>;
}

export function createIngest(deps: {
  messages: PendingMessages;
  /** Writes one group commit durably (storage/commit-writer.ts). */
  commitBatch(batch: CommitBatch): Promise<CommitResult>;
  parser: ParserPool;
  bus: EventBus;
  logger: Logger;
  now: () => number;
}): Ingest {
  const inFlight = new Set<Promise<void>>();

  // One writer for both kinds of write: received messages (committed before their 250) and
  // parse results share each transaction, and so each fsync. better-sqlite3 blocks the event
  // loop (SMTP included) while it commits, so fewer commits means more mail served.
  const writer = createGroupCommit<Write, (string | null)[] | boolean>(async (batch) => {
    const received = batch.filter((write): write is ReceivedWrite => write.kind === 'received');
    const parsed = batch.filter((write): write is ParsedWrite => write.kind === 'parsed');
    const { ids, saved } = await deps.commitBatch({
      now: deps.now(),
      received: received.flatMap((write) =>
        write.mailboxIds.map((mailboxId) => ({
          mailboxId,
          raw: write.raw,
          receivedAt: write.receivedAt,
          ...(write.tls ? { tls: write.tls } : {}),
          ...(write.parsed ? { parsed: write.parsed } : {}),
        })),
      ),
      parsed,
    });
    let nextId = 0;
    let nextSaved = 0;
    return batch.map((write) =>
      write.kind === 'received'
        ? ids.slice(nextId, (nextId += write.mailboxIds.length))
        : saved[nextSaved++]!,
    );
  }, MAX_BATCH);
  const store = (received: Received) =>
    writer.submit({ kind: 'received', ...received }) as Promise<(string | null)[]>;
  const save = (id: string, parsed: ParsedMessage) =>
    writer.submit({ kind: 'parsed', id, parsed }) as Promise<boolean>;

  function track(work: Promise<void>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /** Announces each stored copy of a parsed message. */
  function publish(
    copies: readonly StoredCopy[],
    receivedAt: number,
    size: number,
    parsed: ParsedMessage,
  ) {
    for (const { id, mailboxId } of copies) {
      const message: MessageSummary = {
        id,
        mailboxId,
        receivedAt,
        size,
        parseState: parsed.state,
        msgid: parsed.msgid,
        from: parsed.from,
        to: parsed.to,
        subject: parsed.subject,
        intro: parsed.intro,
        seen: false,
        hasAttachments: parsed.attachments.length > 0,
        codes: parsed.codes,
        link: primaryLink(parsed.links) ?? null,
      };
      deps.bus.publish({ type: 'message.received', mailboxId, message });
    }
  }

  /** Parses a message committed raw, saves the parse for each mailbox copy, then announces. */
  async function parseAndPublish(received: Received, copies: readonly StoredCopy[]) {
    // Read before parsing: the parser may take the bytes over.
    const size = received.raw.byteLength;
    const ids = copies.map((copy) => copy.id);
    try {
      const parsed = await deps.parser.parse(received.raw);
      const outcomes = await Promise.all(ids.map((id) => save(id, parsed)));
      publish(
        copies.filter((_, index) => outcomes[index]),
        received.receivedAt,
        size,
        parsed,
      );
    } catch (error) {
      // The raw message is committed: the next start (recoverPending) parses it again.
      deps.logger.error({ err: error, ids }, 'parsing after commit failed; left pending');
    }
  }

  return {
    async accept(raw, mailboxIds, tls) {
      const receivedAt = deps.now();
      const parseFirst = raw.byteLength <= PARSE_BEFORE_COMMIT_BYTES;
      // Below the parser's hand-over size, so `raw` stays whole for the commit.
      const parsed = parseFirst ? await deps.parser.parse(raw) : undefined;
      const received: Received = {
        raw,
        mailboxIds,
        receivedAt,
        ...(tls ? { tls } : {}),
        ...(parsed ? { parsed } : {}),
      };
      const copies = (await store(received)).flatMap((id, index) =>
        id === null ? [] : [{ id, mailboxId: mailboxIds[index]! }],
      );
      if (parsed) publish(copies, receivedAt, raw.byteLength, parsed);
      else if (copies.length > 0) track(parseAndPublish(received, copies));
      return copies.map((copy) => copy.id);
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
          await parseAndPublish(
            { raw, mailboxIds: [mailboxId], receivedAt: detail?.receivedAt ?? deps.now() },
            [{ id, mailboxId }],
          );
          recovered += 1;
        }
      }
    },

    async drain() {
      while (writer.busy || inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
        if (writer.busy) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}
