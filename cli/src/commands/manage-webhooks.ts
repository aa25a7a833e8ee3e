import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  testWebhook,
  unwrap,
} from '@tempmail/sdk';
import type { Command, CommandContext } from '../command.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { formatLocalTime } from '../format-values.js';
import { printList } from '../print-list.js';

const ACTIONS = ['list', 'add', 'test', 'log', 'secret', 'enable', 'delete'] as const;
type Action = (typeof ACTIONS)[number];

/** A client with the stored Pro API token: webhooks belong to a Pro account. */
function proClient(context: CommandContext) {
  const { apiToken } = context.credentials();
  if (apiToken === undefined) {
    throw new CliError(
      `Webhooks need a Pro API token: run 'tempmail login tm_…' first.`,
      ExitCode.unauthorized,
    );
  }
  return context.client(apiToken);
}

function webhookId(value: string | undefined, action: Action): string {
  if (!value || !/^[0-9a-f]{24}$/.test(value)) {
    throw new CliError(`'webhook ${action}' takes a webhook ID (24 hex digits).`, ExitCode.usage);
  }
  return value;
}

export const manageWebhooks: Command = {
  name: 'webhook',
  summary: `Have new mail POSTed to a URL of yours (Pro): ${ACTIONS.join(', ')}`,
  usage: 'tempmail webhook list | add URL [--address ADDRESS] | test|log|secret|enable|delete ID',
  description: `Manages the webhooks of your Pro account (after 'tempmail login' with a Pro API token),
the same ones the dashboard shows. Each new message of the address (or of all your
addresses) is POSTed to the URL as JSON with its codes and links, signed with the
webhook's secret (check it with the SDK's verifyWebhook), and retried for 24 hours.

  list            your webhooks: id, address, state, URL
  add URL         register URL; prints the id and the signing secret, shown this once
  test ID         send a test delivery
  log ID          the newest deliveries: time, event, status, answer, time taken
  secret ID       a new signing secret, shown this once
  enable ID       turn back on a webhook turned off after repeated failures
  delete ID       delete it

On a terminal, list and log print tables; through a pipe, tab-separated lines without a
header (log's time in ISO 8601).`,
  arguments: [
    { name: 'ACTION', description: ACTIONS.join(', '), required: true },
    { name: 'URL|ID', description: 'the URL (add) or the webhook id', required: false },
  ],
  options: {
    address: {
      type: 'string',
      value: 'ADDRESS',
      description: 'with add: only this one of your addresses (default: all of them)',
    },
  },
  jsonOutput:
    'list: {"webhooks"}; add, secret: {"webhook", "secret"}; test: the delivery; log: {"deliveries"}; enable: the webhook; delete: {"id", "deleted": true}',
  exitCodes: [],
  examples: [
    {
      command: 'tempmail webhook add https://hooks.example.com/tempmail',
      comment: 'every new message of every address',
    },
    { command: 'tempmail webhook log 65f1c0ffee0ddba11c0ffee5', comment: 'what each try got' },
  ],
  async run(context, { positionals, values }) {
    const action = (positionals[0] ?? 'list') as Action;
    if (!ACTIONS.includes(action)) {
      throw new CliError(`'webhook' takes one of: ${ACTIONS.join(', ')}.`, ExitCode.usage);
    }
    const client = proClient(context);
    const { signal } = context;

    if (action === 'list') {
      const { webhooks } = await unwrap(listWebhooks({ client, signal }));
      if (context.json) return context.printJson({ webhooks });
      if (webhooks.length === 0) return context.note('No webhooks yet: tempmail webhook add URL');
      const cells = (hook: (typeof webhooks)[number]) => [
        hook.id,
        hook.address ?? 'all',
        hook.disabledAt ? 'off' : 'on',
        hook.url,
      ];
      return printList(context, webhooks, {
        headers: ['ID', 'ADDRESS', 'STATE', 'URL'],
        row: cells,
        fields: cells,
      });
    }

    if (action === 'add') {
      const url = positionals[1];
      if (!url) throw new CliError(`'webhook add' takes the URL to POST to.`, ExitCode.usage);
      const address = values.address as string | undefined;
      const created = await unwrap(
        createWebhook({ client, body: { url, address: address ?? null }, signal }),
      );
      if (context.json) return context.printJson(created);
      context.print(`${created.webhook.id}\t${created.secret}`);
      return context.note('The secret is shown this once: keep it to verify deliveries.');
    }

    const path = { id: webhookId(positionals[1], action) };
    if (action === 'test') {
      const delivery = await unwrap(testWebhook({ client, path, signal }));
      if (context.json) return context.printJson(delivery);
      return context.print(
        `Queued test delivery ${delivery.id}; see it with: tempmail webhook log ${path.id}`,
      );
    }
    if (action === 'log') {
      const { deliveries } = await unwrap(listWebhookDeliveries({ client, path, signal }));
      if (context.json) return context.printJson({ deliveries });
      if (deliveries.length === 0) return context.note('No deliveries yet.');
      // The same cells through a pipe, but the time as the API gives it (ISO 8601), as inbox's.
      const cells = (delivery: (typeof deliveries)[number], time: string) => [
        time,
        delivery.event,
        delivery.status,
        String(delivery.attempts),
        delivery.lastStatus === null ? (delivery.lastError ?? '-') : String(delivery.lastStatus),
        delivery.durationMs === null ? '-' : String(delivery.durationMs),
      ];
      return printList(context, deliveries, {
        headers: ['TIME', 'EVENT', 'STATUS', 'TRIES', 'ANSWER', 'MS'],
        row: (delivery) => cells(delivery, formatLocalTime(delivery.createdAt)),
        fields: (delivery) => cells(delivery, delivery.createdAt),
      });
    }
    if (action === 'secret') {
      const rotated = await unwrap(rotateWebhookSecret({ client, path, signal }));
      if (context.json) return context.printJson(rotated);
      context.print(rotated.secret);
      return context.note('The new secret is shown this once.');
    }
    if (action === 'enable') {
      const webhook = await unwrap(enableWebhook({ client, path, signal }));
      if (context.json) return context.printJson(webhook);
      return context.print(`Webhook ${webhook.id} is on again.`);
    }
    await unwrap(deleteWebhook({ client, path, signal }));
    if (context.json) return context.printJson({ id: path.id, deleted: true });
    context.print(`Deleted webhook ${path.id}.`);
  },
};
