import type { Stores } from '../stores.js';
import { mailerFor, type Mailer, type MailRequest } from '../outbound/create-mailer.js';
import { isMailableAddress } from '../outbound/mailable-address.js';
import {
  confirmationDue,
  confirmForwarding,
  forwardingView,
  updateForwarding,
} from './manage-forwarding.js';

export interface ForwardingServiceDeps {
  stores: Pick<Stores, 'forwarding' | 'deliveries'>;
  mailer: Mailer;
  publicUrl: string;
  /** Our own domains: forwarding into them would loop. */
  mailDomains: readonly string[];
}

/** Why a forwarding change is refused, for the surface to word. */
export type ForwardingRefusal = 'email_required' | 'own_domain' | 'not_mailable';

/** Verified forwarding of a Pro user's mail to a real address. */
export function createForwardingService(deps: ForwardingServiceDeps) {
  const { forwarding } = deps.stores;

  return {
    /** The settings as the dashboard shows them. */
    view: (userId: string, now: number) => forwardingView(deps, userId, now),

    /** What is wrong with a change before anything is stored, or undefined when it may go ahead. */
    refusalOf(change: { email: string | null; enabled: boolean }): ForwardingRefusal | undefined {
      if (change.enabled && !change.email) return 'email_required';
      if (!change.email) return undefined;
      const domain = change.email.split('@').pop()!.toLowerCase();
      if (deps.mailDomains.includes(domain)) return 'own_domain';
      return isMailableAddress(change.email) ? undefined : 'not_mailable';
    },

    /** Whether saving `email` would mail a confirmation (each one counts against a limit). */
    async needsConfirmation(userId: string, email: string | null, now: number): Promise<boolean> {
      return confirmationDue(await forwarding.find(userId), email?.toLowerCase() ?? null, now);
    },

    /**
     * Saves the change; a new destination is mailed a confirmation link first, in the
     * language of whoever asked.
     */
    update: (
      userId: string,
      change: { email: string | null; enabled: boolean },
      now: number,
      asked: MailRequest,
    ) =>
      updateForwarding(
        { ...deps, mailer: mailerFor(deps.mailer, asked.requestId) },
        userId,
        change,
        now,
        asked.language,
      ),

    /** Confirms a destination by its link's token; the user's id, or undefined if invalid. */
    confirm: (token: string, now: number) => confirmForwarding(deps, token, now),
  };
}

export type ForwardingService = ReturnType<typeof createForwardingService>;
