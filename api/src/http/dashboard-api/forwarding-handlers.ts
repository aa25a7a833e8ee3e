import {
  confirmationDue,
  confirmForwarding,
  forwardingView,
  updateForwarding,
} from '../../features/forwarding/manage-forwarding.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import type { OperationHandlers } from '../mount-operations.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';
import { mailerFor } from '../../features/outbound/create-mailer.js';

/** Confirmation mails a user may cause per hour (each goes to an address they name). */
const CONFIRMATIONS_PER_HOUR = 10;

/** Verified forwarding of a Pro user's mail to a real address. */
export function forwardingHandlers(services: Services): OperationHandlers {
  const sessions = createSessions(services);
  const confirmations = services.createLimiter(
    'forwarding-confirm-hour',
    CONFIRMATIONS_PER_HOUR,
    3600,
  );
  const deps = {
    repositories: services.repositories,
    mailer: services.mailer,
    publicUrl: services.config.publicUrl,
  };

  return {
    async getForwardingSettings(request, response) {
      const user = await sessions.requirePro(request);
      response.json(await forwardingView(deps, user.id, services.now()));
    },

    async updateForwarding(request, response) {
      const user = await sessions.requirePro(request);
      const { forwardingEmail, enabled } = request.body as {
        forwardingEmail: string | null;
        enabled: boolean;
      };
      const email = forwardingEmail?.trim() || null;
      if (enabled && !email) {
        throw new ApiError(
          400,
          'validation_failed',
          'Email Required: Please enter a forwarding email address.',
          [{ path: '/body/forwardingEmail', message: 'is required when forwarding is enabled' }],
        );
      }
      const domain = email?.split('@').pop()?.toLowerCase();
      if (domain && services.config.mailDomains.includes(domain)) {
        // Forwarding into our own domains would loop.
        throw new ApiError(
          400,
          'validation_failed',
          'Invalid Email: Please enter a valid email address.',
          [{ path: '/body/forwardingEmail', message: 'must not be one of our own addresses' }],
        );
      }
      // Every confirmation mail counts: each goes to an address the user names.
      const current = await services.repositories.forwarding.find(user.id);
      if (confirmationDue(current, email?.toLowerCase() ?? null, services.now())) {
        await consume(confirmations, user.id, 'forwarding changes');
      }
      await updateForwarding(
        { ...deps, mailer: mailerFor(services.mailer, request.id) },
        user.id,
        { email, enabled },
        services.now(),
      );
      response.json(await forwardingView(deps, user.id, services.now()));
    },

    async confirmForwarding(request, response) {
      const { token } = request.body as { token: string };
      const userId = await confirmForwarding(deps, token, services.now());
      if (!userId)
        throw new ApiError(404, 'not_found', 'This confirmation link is invalid or has expired.');
      response.json(await forwardingView(deps, userId, services.now()));
    },

    async checkForwarding(request, response) {
      const user = await sessions.requirePro(request);
      const { emailAddress } = request.body as { emailAddress: string };
      const mailbox = await services.repositories.mailboxes.findByAddress(emailAddress.trim());
      if (!mailbox || mailbox.ownerUserId !== user.id)
        throw new ApiError(404, 'not_found', 'Not one of your addresses.');
      response.json(await forwardingView(deps, user.id, services.now()));
    },
  };
}
