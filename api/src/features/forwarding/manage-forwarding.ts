import { createHash, randomBytes } from 'node:crypto';
import type { Stores } from '../stores.js';
import type { ForwardingSettings } from './forwarding-store.js';
import { mailText, textsIn } from '../languages/server-texts.js';
import type { SiteLanguage } from '../languages/site-languages.js';
import type { Mailer } from '../outbound/create-mailer.js';

/** Messages one user may have forwarded per (UTC) day. */
export const FORWARDING_DAILY_LIMIT = 100;
/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

type Deps = {
  stores: Pick<Stores, 'forwarding' | 'deliveries'>;
  mailer: Mailer;
  publicUrl: string;
};

export type ForwardingStatus = 'off' | 'pending_confirmation' | 'active';

export function statusOf(settings: ForwardingSettings | undefined): ForwardingStatus {
  if (!settings?.enabled || !settings.email) return 'off';
  return settings.confirmedAt === null ? 'pending_confirmation' : 'active';
}

export const startOfUtcDay = (now: number) => now - (now % DAY_MS);

/** The settings as the dashboard shows them. */
export async function forwardingView(deps: Pick<Deps, 'stores'>, userId: string, now: number) {
  const settings = await deps.stores.forwarding.find(userId);
  return {
    forwardingEmail: settings?.email ?? null,
    enabled: settings?.enabled ?? false,
    status: statusOf(settings),
    confirmedAt: settings?.confirmedAt ? new Date(settings.confirmedAt).toISOString() : null,
    lastError: settings?.lastError ?? null,
    forwardedToday: await deps.stores.deliveries.countSentSince(userId, startOfUtcDay(now)),
    dailyLimit: FORWARDING_DAILY_LIMIT,
  };
}

/**
 * Whether setting `email` sends a confirmation mail: for a new destination, or when the last
 * confirmation lapsed unanswered (it may be asked for again, for the same address).
 */
export function confirmationDue(
  current: ForwardingSettings | undefined,
  email: string | null,
  now: number,
): boolean {
  if (email === null) return false;
  if (email !== current?.email) return true;
  return current.confirmedAt === null && (current.confirmExpiresAt ?? 0) <= now;
}

/**
 * Turns forwarding on or off. A new destination must confirm first: it is mailed a link, and
 * nothing is forwarded until its owner opens it, so nobody can aim our mail at a stranger.
 * Returns whether a confirmation mail was sent.
 */
export async function updateForwarding(
  deps: Deps,
  userId: string,
  change: { email: string | null; enabled: boolean },
  now: number,
  language: SiteLanguage,
): Promise<{ sentConfirmation: boolean }> {
  const current = await deps.stores.forwarding.find(userId);
  const email = change.email?.trim().toLowerCase() || null;
  if (email === null || !confirmationDue(current, email, now)) {
    await deps.stores.forwarding.save(
      userId,
      { enabled: change.enabled, email: email ?? current?.email ?? null, language },
      now,
    );
    return { sentConfirmation: false };
  }
  const token = randomBytes(32).toString('base64url');
  await deps.stores.forwarding.save(
    userId,
    {
      email,
      enabled: change.enabled,
      confirmedAt: null,
      confirmTokenHash: hash(token),
      confirmExpiresAt: now + CONFIRMATION_LIFETIME_MS,
      lastError: null,
      language,
    },
    now,
  );
  const texts = textsIn(language);
  await deps.mailer.send({
    to: email,
    subject: texts.mails.confirmForwarding.subject,
    text: mailText(texts, texts.mails.confirmForwarding.body, {
      link: `${deps.publicUrl}/forwarding/confirm?token=${token}&lang=${language}`,
    }),
  });
  return { sentConfirmation: true };
}

/** Confirms a destination with the token of its link; the user's id, or undefined if invalid. */
export async function confirmForwarding(
  deps: Pick<Deps, 'stores'>,
  token: string,
  now: number,
): Promise<string | undefined> {
  const settings = await deps.stores.forwarding.findByConfirmToken(hash(token));
  if (!settings || settings.confirmExpiresAt === null || settings.confirmExpiresAt <= now)
    return undefined;
  await deps.stores.forwarding.save(
    settings.userId,
    { confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, lastError: null },
    now,
  );
  return settings.userId;
}
