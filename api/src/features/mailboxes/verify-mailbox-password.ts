import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from './hash-password.js';

/** A hash of a password nobody knows, made on first need with the same scrypt parameters. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a mailbox's stored hash; with no mailbox, against a decoy and
 * always false. Either way one scrypt runs, so the answer's timing does not tell a caller
 * whether the address exists (a miss used to answer in 4 ms, a wrong password in 51).
 */
export async function verifyMailboxPassword(
  password: string,
  storedHash: string | undefined,
): Promise<boolean> {
  if (storedHash !== undefined) return verifyPassword(password, storedHash);
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(password, await decoyHash);
  return false;
}
