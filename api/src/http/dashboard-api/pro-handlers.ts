import { randomUUID } from 'node:crypto';
import { issueApiToken } from '../../features/api-tokens/issue-api-token.js';
import { createMailbox } from '../../features/mailboxes/create-mailbox.js';
import { listLiveMailboxes } from '../../features/mailboxes/list-live-mailboxes.js';
import { isPro } from '../../features/users/is-pro.js';
import { verifyMailboxPassword } from '../../features/mailboxes/verify-mailbox-password.js';
import type { Services } from '../../services.js';
import type { ApiToken } from '../../storage/repositories/tokens.js';
import type { User } from '../../storage/repositories/users.js';
import { ApiError } from '../api-error.js';
import { limitAddressCreation } from '../limit-address-creation.js';
import { refuseAlias } from '../refuse-alias.js';
import {
  LIST_LIMIT,
  messageDetailResource,
  messageSummaryResource,
} from '../mailbox-views/message-resources.js';
import type { OperationHandlers } from '../mount-operations.js';
import { sendMessageAttachment } from '../mailbox-views/send-message-attachment.js';
import { streamMailboxEvents } from '../mailbox-views/stream-mailbox-events.js';
import { userResource } from './visitor-handlers.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';

/** New custom addresses a Pro user may make per hour. */
const CUSTOM_EMAILS_PER_HOUR = 30;

function tokenResource(record: ApiToken, token: string | null) {
  return { token, prefix: record.prefix, createdAt: new Date(record.createdAt).toISOString() };
}

/** Calls for Pro users: their addresses, API token and aggregated inbox. */
export function proHandlers(services: Services): OperationHandlers {
  const sessions = createSessions(services);
  const { repositories } = services;
  const customEmailLimiter = services.createLimiter(
    'custom-email-hour',
    CUSTOM_EMAILS_PER_HOUR,
    3600,
  );
  const addressCreation = limitAddressCreation(services);
  // Each new token revokes the one before, so a user holds one live token; this bounds how
  // often they may be issued one.
  const tokenIssues = services.createLimiter(
    'api-token-hour',
    services.config.apiTokensPerHour,
    3600,
  );

  async function issueToken(user: User) {
    await consume(tokenIssues, user.id, 'new API tokens');
    return issueApiToken(repositories.tokens, user.id, services.now());
  }

  /** The Pro user's mailboxes, by id, with their addresses. */
  async function ownMailboxes(user: User): Promise<Map<string, string>> {
    const mailboxes = await repositories.mailboxes.listByOwner(user.id);
    return new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.address]));
  }

  return {
    async getUserToken(request, response) {
      const user = await sessions.requirePro(request);
      const existing = await repositories.tokens.findUserApiToken(user.id);
      if (existing) {
        response.json(tokenResource(existing, null));
        return;
      }
      const { token, record } = await issueToken(user);
      response.json(tokenResource(record, token));
    },

    async rotateUserToken(request, response) {
      const user = await sessions.requirePro(request);
      const { token, record } = await issueToken(user);
      response.status(201).json(tokenResource(record, token));
    },

    async createCustomEmail(request, response) {
      const user = await sessions.requirePro(request);
      await consume(customEmailLimiter, user.id, 'new addresses');
      const { alias, domain } = request.body as { alias: string; domain: string };
      const lowered = domain.trim().toLowerCase();
      if (!services.config.mailDomains.includes(lowered)) {
        throw new ApiError(400, 'validation_failed', `${domain} is not one of our domains.`, [
          { path: '/body/domain', message: 'must be one of GET /api/domains' },
        ]);
      }
      const place = await addressCreation.take(request);
      // Read through the session APIs, never logged into: its password is random and unknown.
      const result = await createMailbox(
        {
          mailboxes: repositories.mailboxes,
          domains: services.config.mailDomains,
          reservedLocalParts: services.config.reservedLocalParts,
        },
        {
          address: `${alias.trim().toLowerCase()}@${lowered}`,
          password: randomUUID(),
          ownerUserId: user.id,
          now: services.now(),
          expiresAt: user.proExpiresAt!,
        },
      );
      if (!result.ok) {
        await place.giveBack();
        throw refuseAlias(result.violations);
      }
      response.status(201).json({ address: result.mailbox.address });
    },

    async saveCustomAlias(request, response) {
      const user = await sessions.requirePro(request);
      const { customAlias } = request.body as { customAlias: string | null };
      const updated = await repositories.users.update(
        user.id,
        { customAlias: customAlias === null ? null : customAlias.trim().toLowerCase() },
        services.now(),
      );
      response.json(userResource(updated!, services.now()));
    },

    async storeMainEmail(request, response) {
      const user = await sessions.requirePro(request);
      const { address, password, mailTmId } = request.body as {
        address: string;
        password: string;
        mailTmId: string;
      };
      const mailbox = await repositories.mailboxes.findById(mailTmId);
      // The password is checked first and always, so no answer is quicker than another.
      const passwordMatches = await verifyMailboxPassword(password, mailbox?.passwordHash);
      const matches =
        mailbox !== undefined &&
        passwordMatches &&
        mailbox.address === address.trim().toLowerCase() &&
        (mailbox.ownerUserId === null || mailbox.ownerUserId === user.id);
      if (!mailbox || !matches)
        throw new ApiError(404, 'not_found', 'No such mailbox, or the password does not match.');
      // The persistent address: it joins the user and lives as long as their Pro.
      await repositories.mailboxes.setOwner(mailbox.id, user.id);
      await repositories.mailboxes.setExpiryForOwner(user.id, user.proExpiresAt!);
      await repositories.users.update(user.id, { mainMailboxId: mailbox.id }, services.now());
      response.json({ ok: true });
    },

    async clearProSession(request, response) {
      const user = await sessions.requirePro(request);
      await repositories.users.update(user.id, { mainMailboxId: null }, services.now());
      response.json({ ok: true });
    },

    async listAllMessages(request, response) {
      const user = await sessions.requirePro(request);
      const mailboxes = await ownMailboxes(user);
      const { messages } = await services.messages.list([...mailboxes.keys()], {
        limit: LIST_LIMIT,
        parsedOnly: true,
      });
      response.json({
        messages: messages.map((message) =>
          messageSummaryResource(message, mailboxes.get(message.mailboxId)!),
        ),
      });
    },

    async getProMessage(request, response) {
      const user = await sessions.requirePro(request);
      const mailboxes = await ownMailboxes(user);
      const message = await services.messages.read(
        String(request.params.id),
        [...mailboxes.keys()],
        { markSeen: true },
      );
      if (!message) throw new ApiError(404, 'not_found', 'Message not found.');
      response.json(
        messageDetailResource(message, mailboxes.get(message.mailboxId)!, '/api/message'),
      );
    },

    async getProMessageAttachment(request, response) {
      const user = await sessions.requirePro(request);
      const mailboxes = await ownMailboxes(user);
      await sendMessageAttachment(services, response, {
        messageId: String(request.params.id),
        attachmentId: String(request.params.attachmentId),
        mailboxIds: [...mailboxes.keys()],
      });
    },

    async streamProEvents(request, response) {
      const user = await sessions.requirePro(request);
      const liveMailboxes = (owner: User) =>
        listLiveMailboxes(repositories.mailboxes, owner.id, services.now());
      await streamMailboxEvents(request, response, services, {
        mailboxes: await liveMailboxes(user),
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
