/** A receiving address and its password; its messages are in the message store. */
export interface Mailbox {
  id: string;
  address: string;
  passwordHash: string;
  ownerUserId: string | null;
  createdAt: number;
  expiresAt: number;
  /** Bumped whenever the mailbox's message listing changes (arrival, parse, seen, delete). */
  listVersion: number;
  /** When the listing last changed (ms); the mailbox's creation until then. */
  listChangedAt: number;
  /** When it stops taking mail (ms), if its owner chose a time; see hasEnded. */
  endsAt: number | null;
  /** Whether it stops taking mail once its first message is stored. */
  endsAfterFirstMessage: boolean;
  /** When its first message ended it (set by the commit that stored that message). */
  endedAt: number | null;
  /** Only its tokens of this generation are taken; its owner signing out everywhere moves it. */
  tokenGeneration: number;
}

/**
 * How a Pro user's custom address may end before its mailbox expires: at a time, with its
 * first message, or at whichever comes first. Every other mailbox has neither.
 */
export interface MailboxEnding {
  endsAt: number | null;
  endsAfterFirstMessage: boolean;
}

/** An extra address that delivers into an existing mailbox. */
export interface Alias {
  address: string;
  mailboxId: string;
  userId: string;
  createdAt: number;
}

/** What mailboxes need from storage (storage/repositories/mailboxes.ts implements it). */
export interface MailboxStore {
  /** Creates a mailbox; throws DuplicateKeyError when the address exists (as a mailbox or alias). */
  create(mailbox: {
    address: string;
    passwordHash: string;
    ownerUserId: string | null;
    now: number;
    expiresAt: number;
    /** None when left out. */
    ending?: MailboxEnding;
  }): Promise<Mailbox>;
  findById(id: string): Promise<Mailbox | undefined>;
  findByAddress(address: string): Promise<Mailbox | undefined>;
  /**
   * The live mailbox that mail to `address` belongs in: the mailbox with that address, or
   * the one an alias points at; undefined when there is none or it has expired. A mailbox
   * that has ended is found (hasEnded tells), so that its refusal can say so.
   */
  findLiveRecipient(address: string, now: number): Promise<Mailbox | undefined>;
  /** The listing change counters of these mailboxes, by id (missing: deleted). */
  listVersions(ids: readonly string[]): Promise<Map<string, number>>;
  listByOwner(userId: string): Promise<Mailbox[]>;
  setOwner(id: string, ownerUserId: string | null): Promise<void>;
  /** Moves the expiry of every mailbox a user owns (Pro mailboxes follow the Pro expiry). */
  setExpiryForOwner(userId: string, expiresAt: number): Promise<number>;
  /** Refuses from now on every token issued so far for the mailboxes a user owns. */
  endTokensForOwner(userId: string): Promise<void>;
  /** Deletes a mailbox with its aliases, messages, bodies, sources and attachments. */
  delete(id: string): Promise<boolean>;
  /** Deletes up to `limit` expired mailboxes (and all they hold); returns how many. */
  deleteExpired(now: number, limit: number): Promise<number>;
}

/** Aliases (storage/repositories/aliases.ts implements it). */
export interface AliasStore {
  /** Throws DuplicateKeyError when the address exists as an alias or a mailbox. */
  create(alias: Alias): Promise<Alias>;
  listByUser(userId: string): Promise<Alias[]>;
  delete(address: string): Promise<boolean>;
}
