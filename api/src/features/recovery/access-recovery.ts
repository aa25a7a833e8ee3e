import type { Stores } from '../stores.js';
import type { User } from '../users/user-store.js';
import type { Mailer } from '../outbound/create-mailer.js';
import { mailText, textsIn } from '../languages/server-texts.js';
import type { SiteLanguage } from '../languages/site-languages.js';
import {
  createMailedLink,
  hashLinkToken,
  LINK_TOKEN_PATTERN,
  newLinkToken,
  SIGN_IN_LINK_LIFETIME_MS,
} from './mailed-links.js';

export interface SignInDeps {
  stores: Pick<Stores, 'users' | 'tokens'>;
  mailer: Mailer;
  publicUrl: string;
  /**
   * Takes one of the mails an address may get an hour at someone else's asking (see
   * limit-mails-to-address.ts); false when its budget is spent.
   */
  mayMailTo(email: string): Promise<boolean>;
}

/**
 * "Already Pro? Sign in with your email": mails a one-time sign-in link when an account has
 * proved this email (it confirmed it after a purchase), and does nothing otherwise. The
 * caller answers the same either way, so nobody learns from us who has an account.
 */
export async function sendSignInLink(
  deps: SignInDeps,
  email: string,
  now: number,
  language: SiteLanguage,
): Promise<void> {
  const user = await deps.stores.users.findByEmail(email);
  const account = user?.email ? user : undefined;
  // The same work for every email, up to where the mail leaves: the server busy for longer
  // after some requests than others would tell who has an account (the next answer on the
  // connection shows it).
  const token = account
    ? await createMailedLink(deps.stores.tokens, {
        userId: account.id,
        purpose: 'sign_in',
        now,
        lifetimeMs: SIGN_IN_LINK_LIFETIME_MS,
      })
    : newLinkToken();
  const texts = textsIn(language);
  const mail = {
    to: account?.email ?? email,
    subject: texts.mails.signIn.subject,
    text: mailText(texts, texts.mails.signIn.body, {
      link: `${deps.publicUrl}/sign-in?token=${token}&lang=${language}`,
    }),
  };
  await (account ? deps.mailer.send(mail) : deps.mailer.rehearse(mail));
}

/**
 * The account a sign-in link would sign in to, without using the link up: mail scanners
 * and link previews open links, so only an explicit confirmation may redeem it.
 */
export async function inspectSignInLink(
  stores: Pick<Stores, 'users' | 'tokens'>,
  token: string,
  now: number,
): Promise<User | undefined> {
  if (!LINK_TOKEN_PATTERN.test(token)) return undefined;
  const link = await stores.tokens.findLiveLink(hashLinkToken(token), 'sign_in', now);
  return link && stores.users.findById(link.userId);
}

/**
 * Uses up a sign-in link (one atomic update, so it works once) and returns its account, or
 * undefined for an unknown, used or expired link.
 */
export async function redeemSignInLink(
  stores: Pick<Stores, 'users' | 'tokens'>,
  token: string,
  now: number,
): Promise<User | undefined> {
  if (!LINK_TOKEN_PATTERN.test(token)) return undefined;
  const link = await stores.tokens.consumeLink(hashLinkToken(token), 'sign_in', now);
  return link && stores.users.findById(link.userId);
}
