import { generateEmail, unwrap } from '@tempmail/sdk';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { formatLocalTime, formatRelative } from '../format-values.js';

export const createAddress: Command = {
  name: 'new',
  summary: 'Create a new address and make it the current mailbox',
  usage: 'tempmail new [--alias NAME]',
  description: `Creates a mailbox on the server's default domain and stores its address and token as
the current mailbox, which the other commands read. A free mailbox lives 60 minutes.
After 'tempmail login' with a Pro API token, the mailbox belongs to your Pro account
(it lives as long as your Pro time and 'inbox' without a current mailbox lists them all)
and --alias may choose its name.

Prints the address (and, on a terminal, when it expires).`,
  arguments: [],
  options: {
    alias: {
      type: 'string',
      value: 'NAME',
      description: 'the local part to use, letters and digits, up to 20 (Pro API token only)',
    },
  },
  jsonOutput: '{"address", "domain", "expiresAt", "token"}: the new mailbox and its token',
  exitCodes: [],
  examples: [
    { command: 'tempmail new', comment: 'a random address, e.g. k7x2mq@tempmail.test' },
    { command: 'ADDRESS=$(tempmail new)', comment: 'in a script: only the address is printed' },
    { command: 'tempmail new --alias shopping2026', comment: 'a chosen name (Pro)' },
  ],
  async run(context, { values }) {
    const alias = values.alias as string | undefined;
    if (alias !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(alias)) {
      throw new CliError('--alias takes 1 to 20 letters and digits.', ExitCode.usage);
    }
    // A mailbox token would be ignored here: only a Pro API token changes what is made.
    const { apiToken } = context.credentials();
    if (alias !== undefined && apiToken === undefined) {
      throw new CliError(
        "--alias needs a Pro API token: run 'tempmail login tm_…' with the token from your Pro profile.",
        ExitCode.unauthorized,
      );
    }
    const created = await unwrap(
      generateEmail({
        client: context.client(apiToken),
        body: alias === undefined ? undefined : { customAlias: alias },
        signal: context.signal,
      }),
    );
    context.config.update(context.server, (current) => ({
      ...current,
      mailbox: { address: created.address, token: created.token, expiresAt: created.expiresAt },
    }));

    if (context.json) return context.printJson(created);
    context.print(created.address);
    if (context.stdout.isTTY) {
      context.note(
        `Expires ${formatLocalTime(created.expiresAt)} (${formatRelative(created.expiresAt)}). ` +
          `Wait for mail with: tempmail wait`,
      );
    }
  },
};
