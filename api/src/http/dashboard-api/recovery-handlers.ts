import { clientAddress } from '../client-address.js';
import { linkAttemptsLimiter } from '../../features/limits/limit-link-attempts.js';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import type { User } from '../../features/users/user-store.js';
import { ApiError } from '../api-error.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { consume } from '../rate-limit.js';
import { mailRequestOf } from '../request-language.js';
import { userResource } from './visitor-handlers.js';
import { createSessions } from './sessions.js';
import { sendSignInLater } from './send-sign-in-later.js';
import { isAccount } from '../../features/users/is-account.js';

const INVALID_LINK = 'This link is invalid, used or expired. Ask for a new one.';

/** "j***@example.com": enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

function accountSummary(user: User, now: number) {
  return {
    email: user.email ? maskEmail(user.email) : null,
    isPro: isPro(user, now),
    plan: user.plan,
  };
}

/**
 * Access recovery: the sign-in link by email, the page that shows what it signs in to, and
 * its redemption; and the confirmation of a purchase email.
 */
export function recoveryHandlers(
  services: Services,
): SurfaceHandlers<
  | 'requestAccessRecovery'
  | 'inspectAccessRecovery'
  | 'redeemAccessRecovery'
  | 'confirmPurchaseEmail'
> {
  const sessions = createSessions(services);
  // Per IP, so nobody sweeps through addresses. Per address from one IP, so that someone
  // else's requests for an address do not spend its owner's: five of theirs used to lock
  // the owner out of sign-in for the rest of the hour. And per address from everywhere, at
  // twice that, so that many IPs together still cannot flood one inbox.
  const perIp = services.createLimiter('recovery-ip-hour', 20, 3600);
  const perEmailFromIp = services.createLimiter('recovery-email-ip-hour', 5, 3600);
  const perEmail = services.createLimiter('recovery-email-all-hour', 10, 3600);
  const redeemPerIp = linkAttemptsLimiter(services.createLimiter);

  return {
    async requestAccessRecovery(request, response) {
      const email = request.body.email.trim().toLowerCase();
      const ip = clientAddress(request);
      await consume(perIp, ip, 'sign-in requests');
      await consume(perEmailFromIp, `${email} ${ip}`, 'sign-in requests for this address');
      await consume(perEmail, email, 'sign-in requests for this address');
      // The answer goes first and is the same for every email: whether an account has it,
      // and how long looking it up and mailing took, must not show in the response, nor in
      // how busy the server is right after it (send-sign-in-later.ts).
      response.status(202).json({ ok: true });
      const now = services.now();
      const asked = mailRequestOf(request);
      sendSignInLater(() =>
        services.recovery
          .sendSignInLink(email, now, asked)
          .catch((error: unknown) =>
            services.logger.error({ err: error, requestId: request.id }, 'sign-in link not sent'),
          ),
      );
    },

    async inspectAccessRecovery(request, response) {
      await consume(redeemPerIp, clientAddress(request), 'sign-in attempts');
      const { token } = request.body;
      const now = services.now();
      const target = await services.recovery.inspectSignInLink(token, now);
      if (!target) throw new ApiError(404, 'not_found', INVALID_LINK);
      const current = await sessions.currentUser(request);
      response.json({
        account: accountSummary(target, now),
        browser:
          current?.user.id === target.id
            ? 'same'
            : current?.saved && isAccount(current.user)
              ? 'other_account'
              : 'visitor',
        ...(current?.saved && current.user.id !== target.id
          ? { currentAccount: accountSummary(current.user, now) }
          : {}),
      });
    },

    async redeemAccessRecovery(request, response) {
      await consume(redeemPerIp, clientAddress(request), 'sign-in attempts');
      const { token } = request.body;
      const now = services.now();
      const user = await services.recovery.redeemSignInLink(token, now);
      if (!user) throw new ApiError(404, 'not_found', INVALID_LINK);
      await sessions.renew(request, response, user);
      response.json(await userResource(services, user));
    },

    async confirmPurchaseEmail(request, response) {
      await consume(redeemPerIp, clientAddress(request), 'confirmations');
      const { token } = request.body;
      const current = await sessions.currentUser(request);
      const now = services.now();
      const outcome = await services.recovery.confirmPurchaseEmail(
        token,
        current?.saved ? current.user.id : undefined,
        now,
      );
      if (outcome === 'invalid') throw new ApiError(404, 'not_found', INVALID_LINK);
      if (outcome === 'other_browser') {
        throw new ApiError(
          403,
          'wrong_browser',
          'Open this link in the browser you bought Pro in: only that browser’s account can take this email.',
        );
      }
      if (outcome === 'taken') {
        throw new ApiError(
          409,
          'conflict',
          'This email already signs in to another TempMail account. Ask for a sign-in link to use that account.',
        );
      }
      response.json(await userResource(services, outcome));
    },
  };
}
