import type { Command } from '../command.js';

export const forgetCredentials: Command = {
  name: 'logout',
  summary: 'Forget the stored Pro API token and current mailbox',
  usage: 'tempmail logout [--token]',
  description: `Forgets what is stored for this server: the Pro API token and the current mailbox (its
address and token). With --token, only the Pro API token, e.g. after the server refused one
that was revoked or replaced: the current mailbox stays readable with its own token.
'tempmail new' then makes a free mailbox, or 'tempmail login TOKEN' stores another token.

Nothing is sent to the server: a token is revoked on the dashboard's API page. A free
mailbox's token is the only key to it, so its mail cannot be read once it is forgotten.`,
  arguments: [],
  options: {
    token: { type: 'boolean', description: 'forget only the Pro API token, keep the mailbox' },
  },
  jsonOutput: '{"apiToken": true|false, "mailbox": the address or null}: what was forgotten',
  exitCodes: [],
  examples: [
    { command: 'tempmail logout --token', comment: 'after the stored Pro API token was revoked' },
    { command: 'tempmail logout', comment: 'forget everything stored for this server' },
  ],
  async run(context, { values }) {
    const stored = context.credentials();
    const apiToken = stored.apiToken;
    const mailbox = values.token ? undefined : stored.mailbox;
    // Nothing to forget: no config file is made just to hold nothing.
    if (apiToken !== undefined || mailbox !== undefined) {
      context.config.update(context.server, (current) =>
        values.token ? { ...current, apiToken: undefined } : {},
      );
    }
    if (context.json) {
      return context.printJson({
        apiToken: apiToken !== undefined,
        mailbox: mailbox?.address ?? null,
      });
    }
    const forgotten = [
      ...(apiToken !== undefined ? ['the Pro API token'] : []),
      ...(mailbox !== undefined ? [`the current mailbox ${mailbox.address}`] : []),
    ];
    context.print(
      forgotten.length === 0
        ? `Nothing was stored for ${context.server}.`
        : `Forgot ${forgotten.join(' and ')} for ${context.server}.`,
    );
  },
};
