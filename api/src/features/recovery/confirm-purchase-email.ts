import { DuplicateKeyError } from '../duplicate-key-error.js';
import { mailText, textsIn } from '../languages/server-texts.js';
import { languagePrefix, type SiteLanguage } from '../languages/site-languages.js';
import type { User } from '../users/user-store.js';
import {
  createMailedLink,
  EMAIL_CONFIRMATION_LIFETIME_MS,
  hashLinkToken,
  LINK_TOKEN_PATTERN,
} from './mailed-links.js';
import type { SignInDeps } from './access-recovery.js';
import { isMailableAddress } from '../outbound/mailable-address.js';

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
  language: SiteLanguage,
): Promise<void> {
  const [buyer, owner] = await Promise.all([
    deps.stores.users.findById(userId),
    deps.stores.users.findByEmail(email),
  ]);
  // An email at an IP address or a host inside a network (a Stripe checkout's, say) is never mailed.
  if (!buyer || buyer.email === email || !isMailableAddress(email)) return;
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
  const texts = textsIn(language);
  const { subject, body } = owner
    ? texts.mails.purchaseEmailTaken
    : texts.mails.confirmPurchaseEmail;
  const link = owner
    ? `${deps.publicUrl}${languagePrefix(language)}/?upgrade=true`
    : `${deps.publicUrl}/confirm-email?token=${token}&lang=${language}`;
  await deps.mailer.send({ to: email, subject, text: mailText(texts, body, { link }) });
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
