import type { SiteLanguage } from '../languages/site-languages.js';

/** A Pro user's forwarding: where to, whether on, and the confirmation of that address. */
export interface ForwardingSettings {
  userId: string;
  email: string | null;
  enabled: boolean;
  confirmTokenHash: string | null;
  confirmExpiresAt: number | null;
  confirmedAt: number | null;
  lastError: string | null;
  /** The language it was set up in, which forwarded copies are written in (null: English). */
  language: SiteLanguage | null;
  updatedAt: number;
}

export type ForwardingChanges = Partial<Omit<ForwardingSettings, 'userId' | 'updatedAt'>>;

/** One message to forward to one address, while a worker holds its claim. */
export interface Delivery {
  messageId: string;
  destination: string;
  userId: string;
  attempts: number;
  /** When the claim on it lapses; the worker holding the claim knows it by this value. */
  leasedUntil: number;
}

/** Forwarding settings (storage/repositories/forwarding.ts implements it). */
export interface ForwardingStore {
  find(userId: string): Promise<ForwardingSettings | undefined>;
  findByConfirmToken(tokenHash: string): Promise<ForwardingSettings | undefined>;
  /** Creates or changes a user's settings; fields left out keep their value. */
  save(userId: string, changes: ForwardingChanges, now: number): Promise<ForwardingSettings>;
}

/**
 * The forwarding queue (storage/repositories/forwarding.ts implements it; deliveries are
 * queued by the ingest in the transaction that saves a parse).
 */
export interface DeliveryStore {
  /**
   * Claims up to `limit` due deliveries for `leaseMs` (they are not due again meanwhile), so
   * several workers never send the same one at once.
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<Delivery[]>;
  /**
   * Extends a claim that is still the caller's (unchanged since it took or last renewed it)
   * to `until`; false when it lapsed and may be another worker's now.
   */
  renewLease(delivery: Delivery, until: number): Promise<boolean>;
  markSent(delivery: Delivery, now: number): Promise<void>;
  /** Records a failed attempt: tried again at `retryAt`, or given up when it is null. */
  markFailed(delivery: Delivery, error: string, retryAt: number | null): Promise<void>;
  countSentSince(userId: string, since: number): Promise<number>;
}
