import { createHash, randomBytes } from 'node:crypto';
import type { Repositories } from '../../storage/repositories/index.js';
import type { User } from '../../storage/repositories/users.js';
import type { Mailer } from '../outbound/create-mailer.js';
import { isPro } from '../users/is-pro.js';

/** How long a sign-in link works. */
export const RECOVERY_LINK_LIFETIME_MS = 15 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type RecoveryRequestOutcome = 'sent' | 'no_account' | 'expired' | 'needs_verification';

/**
 * "Already Pro? Sign in with your email": mails a one-time sign-in link to the purchase
 * email of a Pro account. The token has 256 random bits and only its SHA-256 is stored.
 */
export async function requestAccessRecovery(
  deps: {
    repositories: Pick<Repositories, 'users' | 'billing' | 'tokens'>;
    mailer: Mailer;
    publicUrl: string;
  },
  email: string,
  now: number,
): Promise<RecoveryRequestOutcome> {
  const user = await deps.repositories.users.findByEmail(email);
  if (!user) return 'no_account';
  if (!isPro(user, now)) {
    return (await deps.repositories.billing.hasOpenPayment(user.id))
      ? 'needs_verification'
      : 'expired';
  }
  const token = randomBytes(32).toString('base64url');
  await deps.repositories.tokens.createRecoveryToken({
    tokenHash: hash(token),
    userId: user.id,
    now,
    expiresAt: now + RECOVERY_LINK_LIFETIME_MS,
  });
  const link = `${deps.publicUrl}/?access_token=${token}`;
  await deps.mailer.send({
    to: user.email!,
    subject: 'Your TempMail Pro sign-in link',
    text: [
      'Hello,',
      '',
      'Open this link within 15 minutes to use your TempMail Pro account in this browser:',
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: nothing changes.',
    ].join('\n'),
  });
  return 'sent';
}

/**
 * Uses up a sign-in token (one atomic update, so it works once) and returns its Pro user;
 * 'invalid' for an unknown, used or expired token, 'expired' when Pro ran out meanwhile.
 */
export async function redeemAccessRecovery(
  repositories: Pick<Repositories, 'users' | 'tokens'>,
  token: string,
  now: number,
): Promise<User | 'invalid' | 'expired'> {
  const userId = await repositories.tokens.consumeRecoveryToken(hash(token), now);
  const user = userId && (await repositories.users.findById(userId));
  if (!user) return 'invalid';
  return isPro(user, now) ? user : 'expired';
}
