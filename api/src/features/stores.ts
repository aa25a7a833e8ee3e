import type { ApiTokenStore } from './api-tokens/api-token-store.js';
import type { BillingStore } from './billing/billing-store.js';
import type { ContactStore } from './contact/contact-store.js';
import type { DeliveryStore, ForwardingStore } from './forwarding/forwarding-store.js';
import type { AliasStore, MailboxStore } from './mailboxes/mailbox-store.js';
import type { MessageStore } from './messages/message-store.js';
import type { MailedLinkStore } from './recovery/mailed-link-store.js';
import type { SessionStore, UserStore } from './users/user-store.js';
import type { WebhookStore } from './webhooks/webhook-store.js';

/**
 * Every store the features use, as they declare them; storage/ implements the lot on SQLite
 * and PostgreSQL (storage/repositories), and one shared suite holds both to it.
 */
export interface Stores {
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly mailboxes: MailboxStore;
  readonly aliases: AliasStore;
  readonly messages: MessageStore;
  readonly forwarding: ForwardingStore;
  readonly deliveries: DeliveryStore;
  readonly billing: BillingStore;
  readonly tokens: ApiTokenStore & MailedLinkStore;
  readonly contact: ContactStore;
  readonly webhooks: WebhookStore;
}

/** Runs `work` in one transaction, with stores bound to it. */
export type Transact = <T>(work: (stores: Stores) => Promise<T>) => Promise<T>;
