import type { Command } from './command.js';
import { createAddress } from './commands/create-address.js';
import { deleteMessage } from './commands/delete-message.js';
import { forgetCredentials } from './commands/forget-credentials.js';
import { listDomains } from './commands/list-domains.js';
import { listInbox } from './commands/list-inbox.js';
import { manageWebhooks } from './commands/manage-webhooks.js';
import { markMessage } from './commands/mark-message.js';
import { readMessage } from './commands/read-message.js';
import { saveAttachments } from './commands/save-attachments.js';
import { showIdentity } from './commands/show-identity.js';
import { storeToken } from './commands/store-token.js';
import { waitForMessage } from './commands/wait-for-message.js';
import { watchInbox } from './commands/watch-inbox.js';

/** Every command, in the order `tempmail --help` lists them. */
export const commands: readonly Command[] = [
  createAddress,
  listInbox,
  readMessage,
  waitForMessage,
  watchInbox,
  saveAttachments,
  markMessage,
  deleteMessage,
  manageWebhooks,
  listDomains,
  storeToken,
  forgetCredentials,
  showIdentity,
];
