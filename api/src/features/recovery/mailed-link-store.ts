/** What a one-time link by mail does: sign a browser in, or prove a purchase email. */
export type LinkPurpose = 'sign_in' | 'confirm_email';

/** What a one-time link by mail names: its account and, for `confirm_email`, the email. */
export interface MailedLink {
  userId: string;
  email: string | null;
  expiresAt: number;
}

/**
 * One-time links by mail (storage/repositories/tokens.ts implements it). Only SHA-256 hashes
 * of the secrets are stored; the plain values exist in the mail that carries them.
 */
export interface MailedLinkStore {
  createRecoveryToken(token: {
    tokenHash: string;
    userId: string;
    purpose: LinkPurpose;
    email?: string;
    now: number;
    expiresAt: number;
  }): Promise<void>;
  /** A live (unused, unexpired) link of `purpose`, without using it up. */
  findLiveLink(
    tokenHash: string,
    purpose: LinkPurpose,
    now: number,
  ): Promise<MailedLink | undefined>;
  /**
   * Uses up a link at once, so two redemptions racing for it cannot both win. Returns what it
   * names, or undefined when unknown, used, expired or of another purpose.
   */
  consumeLink(
    tokenHash: string,
    purpose: LinkPurpose,
    now: number,
  ): Promise<MailedLink | undefined>;
  /** The email a user was last asked to confirm, while that link is still live. */
  findPendingEmail(userId: string, now: number): Promise<string | undefined>;
}
