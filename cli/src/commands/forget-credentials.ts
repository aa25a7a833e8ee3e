import type { Command } from '../command.js';

export const forgetCredentials: Command = {
  name: 'logout',
  summary: 'Forget the stored Pro API token and current mailbox',
  usage: 'tempmail logout',
  description: `Forgets what is stored for this server: the Pro API token and the current mailbox (its
address and token), e.g. after the server refused a token that was revoked or replaced.
'tempmail new' then makes a free mailbox, or 'tempmail login TOKEN' stores another token.

Nothing is sent to the server: a token is revoked on the dashboard's API page. A free
mailbox's token is the only key to it, so its mail cannot be read once it is forgotten.`,
  arguments: [],
  options: {},
  jsonOutput: '{"apiToken": true|false, "mailbox": the address or null}: what was forgotten',
  exitCodes: [],
  examples: [
    { command: 'tempmail logout', comment: 'e.g. after the stored Pro API token was revoked' },
  ],
  async run(context) {
    const { apiToken, mailbox } = context.credentials();
    // Nothing stored: no config file is made just to hold nothing.
    if (apiToken !== undefined || mailbox !== undefined) {
      context.config.update(context.server, () => ({}));
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
