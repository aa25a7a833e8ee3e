import { clientAddress } from '../client-address.js';
import { linkAttemptsLimiter } from '../../features/limits/limit-link-attempts.js';
import { mailsToAddressLimiter } from '../../features/limits/limit-mails-to-address.js';
import type { Services } from '../../services.js';
import { isPro } from '../../features/users/is-pro.js';
import { ApiError } from '../api-error.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { consume } from '../rate-limit.js';
import { mailRequestOf } from '../request-language.js';
import { createSessions } from './sessions.js';
import { NOT_MAILABLE } from '../../features/outbound/mailable-address.js';

/** Confirmation mails a user may cause per hour (each goes to an address they name). */
const CONFIRMATIONS_PER_HOUR = 10;

/** Verified forwarding of a Pro user's mail to a real address. */
export function forwardingHandlers(
  services: Services,
): SurfaceHandlers<
  'getForwardingSettings' | 'updateForwarding' | 'confirmForwarding' | 'checkForwarding'
> {
  const sessions = createSessions(services);
  const confirmations = services.createLimiter(
    'forwarding-confirm-hour',
    CONFIRMATIONS_PER_HOUR,
    3600,
  );
  const toAddress = mailsToAddressLimiter(services.createLimiter);
  const linkAttempts = linkAttemptsLimiter(services.createLimiter);
  const { forwarding } = services;

  return {
    // Any signed-in user: forwarding set up in Pro time stays saved (paused) after it, and
    // its owner may see it and turn it off; only Pro turns it on or changes where it goes.
    async getForwardingSettings(request, response) {
      const { user } = await sessions.require(request);
      response.json(await forwarding.view(user.id, services.now()));
    },

    async updateForwarding(request, response) {
      const { user } = await sessions.require(request);
      if (!isPro(user, services.now())) {
        if (request.body.enabled) {
          throw new ApiError(
            403,
            'pro_required',
            'Forwarding is for Pro users: without Pro it can only be turned off.',
          );
        }
        // Off, keeping the destination (a new one named here would be mailed a link). Only
        // when it is on: a visitor who never had Pro has nothing to store (nor a saved user).
        const current = await forwarding.view(user.id, services.now());
        if (!current.enabled) {
          response.json(current);
          return;
        }
        await forwarding.update(
          user.id,
          { email: null, enabled: false },
          services.now(),
          mailRequestOf(request),
        );
        response.json(await forwarding.view(user.id, services.now()));
        return;
      }
      const { forwardingEmail, enabled } = request.body;
      const email = forwardingEmail?.trim() || null;
      const refusal = forwarding.refusalOf({ email, enabled });
      if (refusal === 'email_required') {
        throw new ApiError(
          400,
          'validation_failed',
          'Email required: please enter a forwarding email address.',
          [{ path: '/body/forwardingEmail', message: 'is required when forwarding is enabled' }],
        );
      }
      if (refusal === 'own_domain' || refusal === 'not_mailable') {
        throw new ApiError(
          400,
          'validation_failed',
          'Invalid email: please enter a valid email address.',
          [
            {
              path: '/body/forwardingEmail',
              message:
                refusal === 'own_domain' ? 'must not be one of our own addresses' : NOT_MAILABLE,
            },
          ],
        );
      }
      // Every confirmation mail counts: each goes to an address the user names, and that
      // address has its own budget, whoever names it.
      if (await forwarding.needsConfirmation(user.id, email, services.now())) {
        await consume(confirmations, user.id, 'forwarding changes');
        await consume(toAddress, email!.toLowerCase(), 'confirmation mails to this address');
      }
      await forwarding.update(user.id, { email, enabled }, services.now(), mailRequestOf(request));
      response.json(await forwarding.view(user.id, services.now()));
    },

    async confirmForwarding(request, response) {
      await consume(linkAttempts, clientAddress(request), 'confirmations');
      const { token } = request.body;
      const userId = await forwarding.confirm(token, services.now());
      if (!userId)
        throw new ApiError(404, 'not_found', 'This confirmation link is invalid or has expired.');
      response.json(await forwarding.view(userId, services.now()));
    },

    async checkForwarding(request, response) {
      const user = await sessions.requirePro(request);
      const { emailAddress } = request.body;
      if (!(await services.mailboxes.isOwnedBy(emailAddress, user.id)))
        throw new ApiError(404, 'not_found', 'Not one of your addresses.');
      response.json(await forwarding.view(user.id, services.now()));
    },
  };
}
