import fs from 'node:fs';
import { getIdentity, unwrap } from '@tempmail/sdk';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { formatLocalTime } from '../format-values.js';

export const storeToken: Command = {
  name: 'login',
  summary: 'Store a Pro API token or a mailbox token',
  usage: 'tempmail login TOKEN',
  description: `Checks TOKEN with the server (GET /v1/me) and stores it for this server:
- a Pro API token (tm_..., from the dashboard's API page) is kept beside the current
  mailbox: 'new' then makes Pro mailboxes (and --alias works), and without a current
  mailbox 'inbox', 'wait' and 'watch' read all your mailboxes;
- a mailbox token (from POST /v1/generate-email, or 'new --json' elsewhere) becomes the
  current mailbox.
TOKEN '-' reads the token from standard input, which keeps it out of the shell's history
and the process list. 'tempmail logout' forgets what is stored.`,
  arguments: [
    { name: 'TOKEN', description: "the token, or '-' to read it from stdin", required: true },
  ],
  options: {},
  jsonOutput: 'the PublicIdentity of GET /v1/me',
  exitCodes: [],
  examples: [
    { command: 'tempmail login tm_9f2c...', comment: 'a Pro API token' },
    { command: 'pass show tempmail | tempmail login -', comment: 'from a password manager' },
  ],
  async run(context, { positionals }) {
    const given = positionals[0] === '-' ? fs.readFileSync(0, 'utf8') : positionals[0];
    const token = given?.trim();
    if (!token) throw new CliError('Missing the TOKEN.', ExitCode.usage);
    const identity = await unwrap(
      getIdentity({ client: context.client(token), signal: context.signal }),
    );

    if (identity.kind === 'api_token') {
      context.config.update(context.server, (current) => ({ ...current, apiToken: token }));
      if (context.json) return context.printJson(identity);
      const until = identity.proExpiresAt ? ` until ${formatLocalTime(identity.proExpiresAt)}` : '';
      return context.print(
        identity.isPro
          ? `Logged in with a Pro API token (${identity.plan}, Pro${until}).`
          : 'Logged in with an API token; its Pro time has run out, so free limits apply.',
      );
    }
    const mailbox = identity.mailboxes[0];
    if (mailbox === undefined) throw new CliError('The token reads no mailbox.');
    context.config.update(context.server, (current) => ({
      ...current,
      mailbox: { address: mailbox.address, token, expiresAt: mailbox.expiresAt },
    }));
    if (context.json) return context.printJson(identity);
    context.print(
      `Current mailbox: ${mailbox.address} (expires ${formatLocalTime(mailbox.expiresAt)}).`,
    );
  },
};
