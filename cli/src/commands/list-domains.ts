import { listDomains as listMailDomains, unwrap } from '@tempmail/sdk';
import type { Command } from '../command.js';

export const listDomains: Command = {
  name: 'domains',
  summary: 'List the domains addresses are made on',
  usage: 'tempmail domains',
  description: `Lists the server's mail domains, one per line; the first is the one 'tempmail new' uses.
Needs no mailbox.`,
  arguments: [],
  options: {},
  jsonOutput: '{"domains": [...]}',
  exitCodes: [],
  examples: [{ command: 'tempmail domains', comment: '' }],
  async run(context) {
    const { apiToken } = context.credentials();
    const { domains } = await unwrap(
      listMailDomains({ client: context.client(apiToken), signal: context.signal }),
    );
    if (context.json) return context.printJson({ domains });
    for (const domain of domains) context.print(domain);
  },
};
