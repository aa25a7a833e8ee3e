import { clientAddress } from '../client-address.js';
import { randomUUID } from 'node:crypto';
import { checkEnding } from '../../features/mailboxes/check-ending.js';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import type { ApiToken } from '../../features/api-tokens/api-token-store.js';
import type { User } from '../../features/users/user-store.js';
import { ApiError } from '../api-error.js';
import { limitAddressCreation } from '../limit-address-creation.js';
import { refuseAlias } from '../refuse-alias.js';
import {
  DOWNLOAD_PATHS,
  LIST_LIMIT,
  messageDetailResource,
  messageSummaryResource,
} from '../mailbox-views/message-resources.js';
import type { AnyOperationRequest, SurfaceHandlers } from '../operation-handlers.js';
import { arrivedAsHead } from '../answer-head-as-get.js';
import { sendMessageAttachment } from '../mailbox-views/send-message-attachment.js';
import { sendMessageSource } from '../mailbox-views/send-message-source.js';
import { streamMailboxEvents } from '../mailbox-views/stream-mailbox-events.js';
import { userResource } from './visitor-handlers.js';
import { addressEndingResource } from './address-handlers.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';

/** New custom addresses a Pro user may make per hour. */
const CUSTOM_EMAILS_PER_HOUR = 30;

/**
 * Mailbox passwords `store-main-email` may check a minute from one IP address. The
 * dashboard asks once, after a purchase; this is far above that and far below guessing.
 */
const MAIN_EMAIL_CLAIMS_PER_MINUTE = 10;

function tokenResource(record: ApiToken, token: string | null) {
  return { token, prefix: record.prefix, createdAt: new Date(record.createdAt).toISOString() };
}

/** Calls for Pro users: their addresses, API token and aggregated inbox. */
export function proHandlers(
  services: Services,
): SurfaceHandlers<
  | 'getUserToken'
  | 'rotateUserToken'
  | 'revokeUserToken'
  | 'createCustomEmail'
  | 'saveCustomAlias'
  | 'storeMainEmail'
  | 'clearProSession'
  | 'listAllMessages'
  | 'getProMessage'
  | 'updateProMessage'
  | 'deleteProMessage'
  | 'getProMessageAttachment'
  | 'getProMessageRaw'
  | 'streamProEvents'
> {
  const sessions = createSessions(services);
  const { mailboxes, accounts, apiTokens } = services;
  const customEmailLimiter = services.createLimiter(
    'custom-email-hour',
    CUSTOM_EMAILS_PER_HOUR,
    3600,
  );
  const addressCreation = limitAddressCreation(services);
  // Claiming a mailbox as the main address checks its password: bounded per IP address as
  // it is, or it would guess passwords faster than the mail.tm surface's /token allows.
  const passwordChecks = services.createLimiter(
    'main-email-minute',
    MAIN_EMAIL_CLAIMS_PER_MINUTE,
    60,
  );
  // Each new token revokes the one before, so a user holds one live token; this bounds how
  // often they may be issued one.
  const tokenIssues = services.createLimiter(
    'api-token-hour',
    services.config.apiTokensPerHour,
    3600,
  );

  async function issueToken(user: User) {
    await consume(tokenIssues, user.id, 'new API tokens');
    return apiTokens.issue(user.id, services.now());
  }

  /**
   * The mailboxes of the caller's aggregated inbox, by id, with their addresses: every call
   * on that inbox is the session user's, who must be Pro, and reaches only these.
   */
  async function inboxMailboxes(request: AnyOperationRequest): Promise<Map<string, string>> {
    const user = await sessions.requirePro(request);
    const owned = await mailboxes.listOwned(user.id);
    return new Map(owned.map((mailbox) => [mailbox.id, mailbox.address]));
  }

  return {
    // Any signed-in user may look, as any may revoke: a token made in Pro time keeps working
    // after it, and its owner must be able to see that it does. Only Pro makes one.
    async getUserToken(request, response) {
      const { user } = await sessions.require(request);
      const existing = await apiTokens.findForUser(user.id);
      if (existing) {
        response.json(tokenResource(existing, null));
        return;
      }
      if (!isPro(user, services.now())) {
        throw new ApiError(404, 'not_found', 'You have no API token.');
      }
      // Made unasked only the first time: a token the user revoked stays gone.
      if (await apiTokens.hasIssued(user.id)) {
        throw new ApiError(
          404,
          'not_found',
          'You have no API token: you revoked it. Create a new one with POST /api/user-token.',
        );
      }
      // A read that makes something must not be made by another site: a link there would
      // send this browser's cookie (SameSite=Lax lets a top-level link through) and use up
      // the one answer that shows the token in full. Browsers say where a request came
      // from; typed in the address bar it is 'none'; programs send nothing. A HEAD (a link
      // checker) would use it up with no body to show it in.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site' || arrivedAsHead(request)) {
        throw new ApiError(
          403,
          'forbidden',
          'The first API token is made only from TempMail’s own pages: open the API docs there.',
        );
      }
      const { token, record } = await issueToken(user);
      response.json(tokenResource(record, token));
    },

    // Any signed-in user, Pro or no longer: a token outlives its owner's Pro time (it reads
    // their mailboxes on the free tier), so whoever held Pro must be able to end it.
    async revokeUserToken(request, response) {
      const { user } = await sessions.require(request);
      await apiTokens.revoke(user.id, services.now());
      response.status(204).end();
    },

    async rotateUserToken(request, response) {
      const user = await sessions.requirePro(request);
      const { token, record } = await issueToken(user);
      response.status(201).json(tokenResource(record, token));
    },

    async createCustomEmail(request, response) {
      const user = await sessions.requirePro(request);
      await consume(customEmailLimiter, user.id, 'new addresses');
      const { alias, domain, endsAt, endsAfterFirstMessage } = request.body;
      const lowered = domain.trim().toLowerCase();
      if (!services.config.mailDomains.includes(lowered)) {
        throw new ApiError(400, 'validation_failed', `${domain} is not one of our domains.`, [
          { path: '/body/domain', message: 'must be one of GET /api/domains' },
        ]);
      }
      const now = services.now();
      const ending = checkEnding(
        { endsAt: endsAt === undefined ? undefined : Date.parse(endsAt), endsAfterFirstMessage },
        now,
        user.proExpiresAt!,
      );
      if (!ending.ok) {
        throw new ApiError(400, 'validation_failed', ending.message, [
          { path: '/body/endsAt', message: ending.detail },
        ]);
      }
      const place = await addressCreation.take(request);
      // Read through the session APIs, never logged into: its password is random and unknown.
      const result = await mailboxes.create({
        address: `${alias.trim().toLowerCase()}@${lowered}`,
        password: randomUUID(),
        ownerUserId: user.id,
        now,
        expiresAt: user.proExpiresAt!,
        ending: ending.ending,
      });
      if (!result.ok) {
        await place.giveBack();
        throw refuseAlias(result.violations);
      }
      const { mailbox } = result;
      response
        .status(201)
        .json({ address: mailbox.address, ...addressEndingResource(mailbox, now) });
    },

    async saveCustomAlias(request, response) {
      const user = await sessions.requirePro(request);
      const { customAlias } = request.body;
      const updated = await accounts.update(
        user.id,
        { customAlias: customAlias === null ? null : customAlias.trim().toLowerCase() },
        services.now(),
      );
      response.json(await userResource(services, updated!));
    },

    async storeMainEmail(request, response) {
      const user = await sessions.requirePro(request);
      await consume(passwordChecks, clientAddress(request), 'password checks');
      const { address, password, mailTmId } = request.body;
      const claimed = await mailboxes.claimAsMain(
        user,
        { mailboxId: mailTmId, address, password },
        services.now(),
      );
      if (!claimed)
        throw new ApiError(404, 'not_found', 'No such mailbox, or the password does not match.');
      response.json({ ok: true });
    },

    async clearProSession(request, response) {
      const user = await sessions.requirePro(request);
      await accounts.update(user.id, { mainMailboxId: null }, services.now());
      response.json({ ok: true });
    },

    async listAllMessages(request, response) {
      const owned = await inboxMailboxes(request);
      const { messages } = await services.messages.list([...owned.keys()], {
        limit: LIST_LIMIT,
        parsedOnly: true,
      });
      response.json({
        messages: messages.map((message) =>
          messageSummaryResource(message, owned.get(message.mailboxId)!),
        ),
      });
    },

    async getProMessage(request, response) {
      const owned = await inboxMailboxes(request);
      const message = await services.messages.read(request.params.id, [...owned.keys()], {
        markSeen: !arrivedAsHead(request),
      });
      if (!message) throw new ApiError(404, 'not_found', 'Message not found.');
      response.json(
        messageDetailResource(message, owned.get(message.mailboxId)!, DOWNLOAD_PATHS.proInbox),
      );
    },

    async updateProMessage(request, response) {
      const owned = await inboxMailboxes(request);
      const message = await services.messages.setSeen(
        request.params.id,
        [...owned.keys()],
        request.body.seen,
      );
      if (!message) throw new ApiError(404, 'not_found', 'Message not found.');
      response.json(
        messageDetailResource(message, owned.get(message.mailboxId)!, DOWNLOAD_PATHS.proInbox),
      );
    },

    async deleteProMessage(request, response) {
      const owned = await inboxMailboxes(request);
      if (!(await services.messages.delete(request.params.id, [...owned.keys()])))
        throw new ApiError(404, 'not_found', 'Message not found.');
      response.status(204).end();
    },

    async getProMessageAttachment(request, response) {
      const owned = await inboxMailboxes(request);
      await sendMessageAttachment(services, response, {
        messageId: request.params.id,
        attachmentId: request.params.attachmentId,
        mailboxIds: [...owned.keys()],
      });
    },

    async getProMessageRaw(request, response) {
      const owned = await inboxMailboxes(request);
      await sendMessageSource(services, response, {
        messageId: request.params.id,
        mailboxIds: [...owned.keys()],
      });
    },

    async streamProEvents(request, response) {
      const user = await sessions.requirePro(request);
      const liveMailboxes = (owner: User) => mailboxes.listLive(owner.id, services.now());
      await streamMailboxEvents(request, response, services, {
        mailboxes: await liveMailboxes(user),
        // Another tab's delete or read shows here too.
        changes: true,
        // The stream lasts as long as the session and the user's Pro.
        refresh: async () => {
          const current = await sessions.currentUser(request);
          return current && isPro(current.user, services.now())
            ? liveMailboxes(current.user)
            : null;
        },
      });
    },
  };
}
