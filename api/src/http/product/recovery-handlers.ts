import {
  redeemAccessRecovery,
  requestAccessRecovery,
} from '../../features/recovery/access-recovery.js';
import type { Services } from '../../services.js';
import { ApiError } from '../api-error.js';
import type { OperationHandlers } from '../mount-operations.js';
import { userResource } from './product-handlers.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';
import { mailerFor } from '../../features/outbound/create-mailer.js';

// The spec's texts (section 8), for the dashboard to show as they are.
const NO_ACCOUNT =
  'No Pro account found with this email address. If you recently subscribed, please try again in a few minutes.';
const EXPIRED = 'Your Pro subscription has expired. Please upgrade to Pro again to restore access.';
const NEEDS_VERIFICATION =
  'Pro account found but needs verification. Please contact support if you completed a recent payment.';

/** Access recovery: the sign-in link by email, and its redemption by the home page. */
export function recoveryHandlers(services: Services): OperationHandlers {
  const sessions = createSessions(services);
  // Per address, so nobody floods one inbox; per IP, so nobody sweeps through addresses.
  const perEmail = services.createLimiter('recovery-email-hour', 5, 3600);
  const perIp = services.createLimiter('recovery-ip-hour', 20, 3600);
  const redeemPerIp = services.createLimiter('redeem-ip-hour', 30, 3600);

  return {
    async requestAccessRecovery(request, response) {
      const email = (request.body as { email: string }).email.trim().toLowerCase();
      await consume(perIp, request.ip ?? 'unknown', 'sign-in requests');
      await consume(perEmail, email, 'sign-in requests for this address');
      const outcome = await requestAccessRecovery(
        {
          repositories: services.repositories,
          mailer: mailerFor(services.mailer, request.id),
          publicUrl: services.config.publicUrl,
        },
        email,
        services.now(),
      );
      if (outcome === 'no_account') throw new ApiError(404, 'not_found', NO_ACCOUNT);
      if (outcome === 'expired') throw new ApiError(403, 'subscription_expired', EXPIRED);
      if (outcome === 'needs_verification')
        throw new ApiError(422, 'needs_verification', NEEDS_VERIFICATION);
      response.status(202).json({ ok: true });
    },

    async redeemAccessRecovery(request, response) {
      await consume(redeemPerIp, request.ip ?? 'unknown', 'sign-in attempts');
      const { token } = request.body as { token: string };
      const now = services.now();
      const result = await redeemAccessRecovery(services.repositories, token, now);
      if (result === 'invalid') {
        throw new ApiError(
          404,
          'not_found',
          'This sign-in link is invalid, used or expired. Ask for a new one.',
        );
      }
      if (result === 'expired') throw new ApiError(403, 'subscription_expired', EXPIRED);
      // This browser becomes the Pro user: its session is re-pointed, or a new one opened.
      const current = await sessions.currentUser(request);
      if (current) await services.repositories.sessions.attachUser(current.tokenHash, result.id);
      else await sessions.start(response, result);
      response.json(userResource(result, now));
    },
  };
}
