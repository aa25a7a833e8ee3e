import { DuplicateKeyError } from '../duplicate-key-error.js';
import type { User } from '../users/user-store.js';
import {
  createMailedLink,
  EMAIL_CONFIRMATION_LIFETIME_MS,
  hashLinkToken,
  LINK_TOKEN_PATTERN,
} from './mailed-links.js';
import type { SignInDeps } from './access-recovery.js';

/**
 * After a purchase: the email the buyer gave becomes their account's sign-in email only once
 * a link mailed to it is opened in the browser that paid. Until then it is nobody's, so
 * buying with someone else's email gains nothing (the Pro time stays on the payer's own
 * account, and the email's owner is never signed in to it). When another account has already
 * proved the email, nothing is linked and the mail says how to reach that account instead;
 * the buyer's browser is told the same thing in both cases (a confirmation pending for the
 * email it gave).
 */
export async function offerPurchaseEmail(
  deps: SignInDeps,
  userId: string,
  email: string,
  now: number,
): Promise<void> {
  const [buyer, owner] = await Promise.all([
    deps.stores.users.findById(userId),
    deps.stores.users.findByEmail(email),
  ]);
  if (!buyer || buyer.email === email) return;
  // Recorded alike either way, so that the success page names the email in both cases:
  // were it named only for an email nobody has proved, the payer would learn which emails
  // have an account. When one has, this link's token is mailed to no one.
  const token = await createMailedLink(deps.stores.tokens, {
    userId,
    purpose: 'confirm_email',
    email,
    now,
    lifetimeMs: EMAIL_CONFIRMATION_LIFETIME_MS,
  });
  // Past the address's budget nothing is mailed, and the purchase goes on: were it refused,
  // the payer would learn that the address had been asked about.
  if (!(await deps.mayMailTo(email))) return;
  if (owner) {
    await deps.mailer.send({
      to: email,
      subject: 'Your TempMail purchase',
      text: [
        'Hello,',
        '',
        'Someone just bought TempMail Pro and gave this email address. This address already',
        'signs in to a TempMail account, so it was not linked to the new purchase: that Pro',
        'time stays with the browser it was bought in.',
        '',
        'To use your existing account, ask for a sign-in link with this address:',
        `${deps.publicUrl}/?upgrade=true ("Already Pro? Sign in with your email").`,
        '',
        'If you did not buy anything, ignore this mail: nothing about your account changed.',
      ].join('\n'),
    });
    return;
  }
  await deps.mailer.send({
    to: email,
    subject: 'Confirm the email of your TempMail Pro account',
    text: [
      'Hello,',
      '',
      'Thank you for buying TempMail Pro. Open this link in the browser you bought it in,',
      'within 24 hours, to sign in with this email address on your other devices:',
      '',
      `${deps.publicUrl}/confirm-email?token=${token}`,
      '',
      'If you did not buy anything, ignore this mail: nothing is linked to this address.',
    ].join('\n'),
  });
}

export type ConfirmEmailOutcome = User | 'invalid' | 'other_browser' | 'taken';

/**
 * Opens a confirmation link in the browser whose account is `sessionUserId`. Only the account
 * that paid may take the email, so a link opened anywhere else is refused without being used
 * up (the buyer can still open it where they paid). 'taken' when another account proved the
 * same email first.
 */
export async function confirmPurchaseEmail(
  stores: SignInDeps['stores'],
  token: string,
  sessionUserId: string | undefined,
  now: number,
): Promise<ConfirmEmailOutcome> {
  if (!LINK_TOKEN_PATTERN.test(token)) return 'invalid';
  const hash = hashLinkToken(token);
  const live = await stores.tokens.findLiveLink(hash, 'confirm_email', now);
  if (!live?.email) return 'invalid';
  if (live.userId !== sessionUserId) return 'other_browser';
  const link = await stores.tokens.consumeLink(hash, 'confirm_email', now);
  if (!link?.email) return 'invalid';
  try {
    return (await stores.users.update(link.userId, { email: link.email }, now)) ?? 'invalid';
  } catch (error) {
    if (error instanceof DuplicateKeyError) return 'taken';
    throw error;
  }
}
