import { mailerFor, type MailRequest } from '../outbound/create-mailer.js';
import {
  inspectSignInLink,
  redeemSignInLink,
  sendSignInLink,
  type SignInDeps,
} from './access-recovery.js';
import { confirmPurchaseEmail, offerPurchaseEmail } from './confirm-purchase-email.js';

export type RecoveryServiceDeps = SignInDeps;

/**
 * Getting back into an account by email: sign-in links, and the confirmation that makes a
 * purchase email the account's sign-in email.
 */
export function createRecoveryService(deps: RecoveryServiceDeps) {
  const withMailer = (asked: MailRequest) => ({
    ...deps,
    mailer: mailerFor(deps.mailer, asked.requestId),
  });

  return {
    /** Mails a sign-in link when an account has proved `email`; does nothing otherwise. */
    sendSignInLink: (email: string, now: number, asked: MailRequest) =>
      sendSignInLink(withMailer(asked), email, now, asked.language),

    /** The account a sign-in link would sign in to, without using it up. */
    inspectSignInLink: (token: string, now: number) => inspectSignInLink(deps.stores, token, now),

    /** Uses up a sign-in link; its account, or undefined for an unknown, used or expired one. */
    redeemSignInLink: (token: string, now: number) => redeemSignInLink(deps.stores, token, now),

    /** Mails the buyer's email a link that makes it their sign-in email (see offerPurchaseEmail). */
    offerPurchaseEmail: (userId: string, email: string, now: number, asked: MailRequest) =>
      offerPurchaseEmail(withMailer(asked), userId, email, now, asked.language),

    /** Redeems a purchase-email link in the browser of `currentUserId` (see confirmPurchaseEmail). */
    confirmPurchaseEmail: (token: string, currentUserId: string | undefined, now: number) =>
      confirmPurchaseEmail(deps.stores, token, currentUserId, now),

    /** The email a user was last asked to confirm, while that link is still live. */
    pendingEmail: (userId: string, now: number) => deps.stores.tokens.findPendingEmail(userId, now),
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
