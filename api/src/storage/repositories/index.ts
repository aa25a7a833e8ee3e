import type { Storage } from '../open-database.js';
import { createAliasesRepository } from './aliases.js';
import { createBillingRepository } from './billing.js';
import { createContactRepository } from './contact.js';
import { createDeliveriesRepository, createForwardingRepository } from './forwarding.js';
import { createMailboxesRepository } from './mailboxes.js';
import { createMessagesRepository } from './messages.js';
import { createSessionsRepository } from './sessions.js';
import { createTokensRepository } from './tokens.js';
import { createUsersRepository } from './users.js';
import { createWebhooksRepository } from './webhooks.js';

/** Every repository over one database; the features receive this, never the database. */
export function createRepositories({ db, dialect }: Pick<Storage, 'db' | 'dialect'>) {
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    mailboxes: createMailboxesRepository(db, dialect),
    aliases: createAliasesRepository(db, dialect),
    messages: createMessagesRepository(db),
    forwarding: createForwardingRepository(db),
    deliveries: createDeliveriesRepository(db),
    billing: createBillingRepository(db),
    tokens: createTokensRepository(db),
    contact: createContactRepository(db),
    webhooks: createWebhooksRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
