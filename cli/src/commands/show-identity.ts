import { getIdentity, unwrap } from '@tempmail/sdk';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { formatDuration, formatLocalTime, formatRelative } from '../format-values.js';

/** "an hour", "a minute": a window's length as the limits are told. */
function perWindow(seconds: number): string {
  if (seconds === 3600) return 'an hour';
  if (seconds === 60) return 'a minute';
  return `per ${formatDuration(seconds)}`;
}

export const showIdentity: Command = {
  name: 'whoami',
  summary: 'Show the stored token: its kind, plan, mailboxes and rate limit',
  usage: 'tempmail whoami',
  description: `Asks the server about the stored token (GET /v1/me): the Pro API token when one is
stored, else the current mailbox's token. Shows the kind of token, the plan, the
mailboxes it reads and what is left of the rate limit.`,
  arguments: [],
  options: {},
  jsonOutput: 'the PublicIdentity of GET /v1/me',
  exitCodes: [],
  examples: [{ command: 'tempmail whoami', comment: '' }],
  async run(context) {
    const stored = context.credentials();
    const token = stored.apiToken ?? stored.mailbox?.token;
    if (token === undefined) {
      throw new CliError(
        `Nothing stored for ${context.server}: run 'tempmail new' or 'tempmail login TOKEN'.`,
        ExitCode.unauthorized,
      );
    }
    const identity = await unwrap(
      getIdentity({ client: context.client(token), signal: context.signal }),
    );
    if (context.json) return context.printJson(identity);

    const plan = identity.isPro
      ? `${identity.plan}, Pro until ${formatLocalTime(identity.proExpiresAt ?? '')}`
      : identity.plan === 'free'
        ? 'free'
        : `${identity.plan}, Pro time over: free limits apply`;
    // Each window, so a Pro hour's budget shows beside the nearer minute's.
    const limits = identity.rateLimit.windows.map(
      ({ limit, remaining, reset, window }) =>
        `${remaining} of ${limit} requests ${perWindow(window)} left, resets in ${formatDuration(reset)}`,
    );
    const lines = [
      `Server:     ${context.server}`,
      `Token:      ${identity.kind === 'api_token' ? 'Pro API token' : 'mailbox token'}`,
      `Plan:       ${plan}`,
      `Rate limit: ${limits.join('; ')}`,
      `Mailboxes:  ${identity.mailboxes.length === 0 ? '(none)' : ''}`,
      ...identity.mailboxes.map((m) => {
        const current = m.address === stored.mailbox?.address ? '  (current)' : '';
        return `  ${m.address}  expires ${formatLocalTime(m.expiresAt)} (${formatRelative(m.expiresAt)})${current}`;
      }),
    ];
    context.print(lines.join('\n').replace(/ +$/gm, ''));
  },
};
