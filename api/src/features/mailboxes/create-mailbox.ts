import { DuplicateKeyError } from '../../storage/errors.js';
import type { Mailbox, MailboxesRepository } from '../../storage/repositories/mailboxes.js';
import { isMailboxLocalPart, splitAddress } from './addresses.js';
import { hashPassword } from './hash-password.js';

export interface Violation {
  propertyPath: string;
  message: string;
}

export type CreateMailboxResult =
  { ok: true; mailbox: Mailbox } | { ok: false; violations: Violation[] };

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 512;

/**
 * Creates a mailbox for `address` on one of our domains. Problems come back as mail.tm's
 * constraint violations (field and message), which every surface can word as it likes.
 */
export async function createMailbox(
  deps: { mailboxes: MailboxesRepository; domains: readonly string[] },
  input: {
    address: string;
    password: string;
    ownerUserId: string | null;
    now: number;
    expiresAt: number;
  },
): Promise<CreateMailboxResult> {
  const violations: Violation[] = [];
  const address = input.address.trim().toLowerCase();
  const parts = splitAddress(address);
  if (!parts || !isMailboxLocalPart(parts.local)) {
    violations.push({
      propertyPath: 'address',
      message: 'This value is not a valid email address.',
    });
  } else if (!deps.domains.includes(parts.domain)) {
    violations.push({
      propertyPath: 'address',
      message: `The domain "${parts.domain}" is not valid.`,
    });
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    violations.push({
      propertyPath: 'password',
      message: `This value is too short. It should have ${MIN_PASSWORD_LENGTH} characters or more.`,
    });
  } else if (input.password.length > MAX_PASSWORD_LENGTH) {
    violations.push({
      propertyPath: 'password',
      message: `This value is too long. It should have ${MAX_PASSWORD_LENGTH} characters or less.`,
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
    });
    return { ok: true, mailbox };
  } catch (error) {
    if (error instanceof DuplicateKeyError) {
      return {
        ok: false,
        violations: [{ propertyPath: 'address', message: 'This value is already used.' }],
      };
    }
    throw error;
  }
}
