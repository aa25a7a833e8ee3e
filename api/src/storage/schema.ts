import type { LinkPurpose } from '../features/recovery/mailed-link-store.js';
import type { ColumnType, Generated } from 'kysely';

/*
 * Table types shared by SQLite and PostgreSQL. Portable column choices:
 * - ids are 24 lowercase hex characters (the mail.tm id format) in text columns;
 * - times are integer milliseconds since the epoch (int8 on PostgreSQL, read back as numbers);
 * - booleans are integers 0/1 on SQLite and booleans on PostgreSQL: repositories normalise
 *   them with Boolean() on the way out;
 * - lists of addresses are JSON text.
 */

type Bool = number | boolean;

export interface UsersTable {
  id: string;
  email: string | null;
  plan: 'free' | 'pro_monthly' | 'pro_24hr';
  pro_expires_at: number | null;
  custom_alias: string | null;
  main_mailbox_id: string | null;
  stripe_customer_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface MailboxesTable {
  id: string;
  address: string;
  password_hash: string;
  owner_user_id: string | null;
  created_at: number;
  expires_at: number;
  list_version: Generated<number>;
  list_changed_at: Generated<number>;
  /** Migration 0009: when the address stops taking mail, if its owner chose a time. */
  ends_at: number | null;
  ends_after_first_message: Generated<Bool>;
  /** Set by the commit that stores the first message of an address that ends with it. */
  ended_at: number | null;
  /** Migration 0013: only tokens of this generation are taken (signing out everywhere moves it). */
  token_generation: Generated<number>;
}

export interface AliasesTable {
  address: string;
  mailbox_id: string;
  user_id: string;
  created_at: number;
}

export interface MessagesTable {
  id: string;
  mailbox_id: string;
  received_at: number;
  size: number;
  parse_state: Generated<'pending' | 'parsed' | 'failed'>;
  msgid: string | null;
  from_name: Generated<string>;
  from_address: Generated<string>;
  to_json: Generated<string>;
  subject: Generated<string>;
  intro: Generated<string>;
  seen: Generated<Bool>;
  has_attachments: Generated<Bool>;
  /** ExtractedCode[] as JSON (migration 0008). */
  codes_json: Generated<string>;
  /** The primary ExtractedLink as JSON, or null. */
  link_json: string | null;
  /** The TlsSession it came over as JSON, null in clear text (migration 0011). */
  tls_json: string | null;
}

export interface MessageBodiesTable {
  message_id: string;
  cc_json: string;
  bcc_json: string;
  text: string;
  html: string;
  parse_error: string | null;
  /** ExtractedLink[] as JSON (migration 0008). */
  links_json: Generated<string>;
}

export interface MessageSourcesTable {
  message_id: string;
  /** The first piece of the raw source; the rest is in message_source_chunks. */
  raw: Uint8Array;
}

/** The pieces of a large content after its first (migration 0006). */
export interface MessageSourceChunksTable {
  message_id: string;
  position: number;
  content: Uint8Array;
}

export interface AttachmentChunksTable {
  attachment_id: string;
  position: number;
  content: Uint8Array;
}

export interface AttachmentsTable {
  id: string;
  message_id: string;
  position: number;
  filename: string;
  content_type: string;
  disposition: string;
  content_id: string | null;
  size: number;
  /** The first piece of the content; the rest is in attachment_chunks. */
  content: Uint8Array;
}

export interface ForwardingSettingsTable {
  user_id: string;
  email: string | null;
  enabled: Bool;
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirmed_at: number | null;
  last_error: string | null;
  /** One of the site's languages, or null: English (0012-forwarding-language.ts). */
  language: string | null;
  updated_at: number;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan: 'pro_monthly';
  status: string;
  current_period_end: number;
  cancel_at_period_end: Bool;
  updated_at: number;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  provider: 'stripe' | 'demo';
  plan: 'pro_monthly' | 'pro_24hr';
  status: 'open' | 'complete' | 'canceled';
  amount: number;
  currency: string;
  created_at: number;
  completed_at: number | null;
}

export interface RecoveryTokensTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  purpose: ColumnType<LinkPurpose, LinkPurpose | undefined, never>;
  /** The email a `confirm_email` link proves; null for sign-in links. */
  email: string | null;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ContactSubmissionsTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
  priority: string;
  created_at: number;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  processed_at: number;
}

export interface ForwardingDeliveriesTable {
  message_id: string;
  destination: string;
  user_id: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface KyselyMigrationRow {
  name: string;
  timestamp: Generated<string>;
}

export interface WebhooksTable {
  id: string;
  user_id: string;
  mailbox_id: string | null;
  url: string;
  secret: string;
  created_at: number;
  disabled_at: number | null;
  disabled_reason: string | null;
  failures: Generated<number>;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: 'message.received' | 'webhook.test';
  message_id: string | null;
  payload: string | null;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: number;
  delivered_at: number | null;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  mailboxes: MailboxesTable;
  aliases: AliasesTable;
  messages: MessagesTable;
  message_bodies: MessageBodiesTable;
  message_sources: MessageSourcesTable;
  message_source_chunks: MessageSourceChunksTable;
  attachments: AttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
  forwarding_settings: ForwardingSettingsTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  recovery_tokens: RecoveryTokensTable;
  api_tokens: ApiTokensTable;
  contact_submissions: ContactSubmissionsTable;
  payment_events: PaymentEventsTable;
  forwarding_deliveries: ForwardingDeliveriesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
