import { hasEnded } from '../../features/mailboxes/has-ended.js';
import type { Mailbox } from '../../features/mailboxes/mailbox-store.js';
import type { Services } from '../../services.js';
import { limitAddressCreation } from '../limit-address-creation.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { createSessions } from './sessions.js';

/** How an address ends, if it does, and whether it has: part of every address resource. */
export function addressEndingResource(mailbox: Mailbox, now: number) {
  return {
    endsAt: mailbox.endsAt === null ? null : new Date(mailbox.endsAt).toISOString(),
    endsAfterFirstMessage: mailbox.endsAfterFirstMessage,
    ended: hasEnded(mailbox, now),
  };
}

/**
 * The addresses a browser session keeps: the home page finds its inbox again after a reload
 * or a restart, and a Pro user finds the account's addresses in any browser. Each comes with
 * a mail.tm token, so the page reads mail through the same surface whichever way it got one.
 */
export function addressHandlers(
  services: Services,
): SurfaceHandlers<'listAddresses' | 'createAddress'> {
  const sessions = createSessions(services);
  const addressCreation = limitAddressCreation(services);

  async function addressResource(mailbox: Mailbox) {
    return {
      id: mailbox.id,
      address: mailbox.address,
      createdAt: new Date(mailbox.createdAt).toISOString(),
      expiresAt: new Date(mailbox.expiresAt).toISOString(),
      token: await services.mailboxTokens.issue(mailbox),
      ...addressEndingResource(mailbox, services.now()),
    };
  }

  return {
    async listAddresses(request, response) {
      const current = await sessions.currentUser(request);
      // An unsaved visitor owns nothing yet: no row to look up.
      const live = current?.saved
        ? await services.mailboxes.listLive(current.user.id, services.now())
        : [];
      response.json({ addresses: await Promise.all(live.map(addressResource)) });
    },

    async createAddress(request, response) {
      const place = await addressCreation.take(request);
      // The first thing many visitors store: their user is saved here if new.
      const user = await sessions.save(request, response);
      let mailbox: Mailbox;
      try {
        mailbox = await services.mailboxes.generate(user, services.now());
      } catch (error) {
        await place.giveBack();
        throw error;
      }
      response.status(201).json(await addressResource(mailbox));
    },
  };
}
