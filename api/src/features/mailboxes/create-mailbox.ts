import { DuplicateKeyError } from '../duplicate-key-error.js';
import type { Mailbox, MailboxEnding, MailboxStore } from './mailbox-store.js';
import {
  baseLocalPart,
  isMailboxLocalPart,
  isReservedLocalPart,
  splitAddress,
} from './addresses.js';
import { hashPassword } from './hash-password.js';

export interface Violation {
  propertyPath: string;
  message: string;
  /** What is wrong, for surfaces that answer each case with its own error code. */
  reason: 'invalid' | 'reserved' | 'taken';
}

export type CreateMailboxResult =
  { ok: true; mailbox: Mailbox } | { ok: false; violations: Violation[] };

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 512;

/**
 * Creates a mailbox for `address` on one of our domains, unless its name is reserved. Every
 * way of making an address comes through here. Problems come back as mail.tm's constraint
 * violations (field and message), which every surface can word as it likes.
 */
export async function createMailbox(
  deps: {
    mailboxes: MailboxStore;
    domains: readonly string[];
    /** The operator's reserved names (RESERVED_LOCAL_PARTS), on top of the built-in ones. */
    reservedLocalParts: readonly string[];
  },
  input: {
    address: string;
    password: string;
    ownerUserId: string | null;
    now: number;
    expiresAt: number;
    /** A custom address's chosen end, if any. */
    ending?: MailboxEnding;
  },
): Promise<CreateMailboxResult> {
  const violations: Violation[] = [];
  const address = input.address.trim().toLowerCase();
  const parts = splitAddress(address);
  if (parts && isReservedLocalPart(parts.local, deps.reservedLocalParts)) {
    violations.push({
      propertyPath: 'address',
      message: `The name "${baseLocalPart(parts.local)}" is reserved and cannot be registered.`,
      reason: 'reserved',
    });
  } else if (!parts || !isMailboxLocalPart(parts.local)) {
    violations.push({
      propertyPath: 'address',
      message: 'This value is not a valid email address.',
      reason: 'invalid',
    });
  } else if (!deps.domains.includes(parts.domain)) {
    violations.push({
      propertyPath: 'address',
      message: `The domain "${parts.domain}" is not valid.`,
      reason: 'invalid',
    });
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    violations.push({
      propertyPath: 'password',
      message: `This value is too short. It should have ${MIN_PASSWORD_LENGTH} characters or more.`,
      reason: 'invalid',
    });
  } else if (input.password.length > MAX_PASSWORD_LENGTH) {
    violations.push({
      propertyPath: 'password',
      message: `This value is too long. It should have ${MAX_PASSWORD_LENGTH} characters or less.`,
      reason: 'invalid',
    });
  }
  if (violations.length > 0) return { ok: false, violations };

  try {
    const mailbox = await deps.mailboxes.create({
      address,
      passwordHash: await hashPassword(input.password),
      ownerUserId: input.ownerUserId,
      now: input.now,
      expiresAt: input.expiresAt,
      ending: input.ending,
    });
    return { ok: true, mailbox };
  } catch (error) {
    if (error instanceof DuplicateKeyError) {
      return {
        ok: false,
        violations: [
          { propertyPath: 'address', message: 'This value is already used.', reason: 'taken' },
        ],
      };
    }
    throw error;
  }
}
