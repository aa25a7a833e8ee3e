import { toPredicate, watchMessages, type WatchMode } from '@tempmail/sdk';
import type { Command } from '../command.js';
import { cleanLine, formatAddress, formatLocalTime } from '../format-values.js';
import { messageLine } from './list-inbox.js';

export const watchInbox: Command = {
  name: 'watch',
  summary: 'Print each new message as it arrives, until Ctrl-C',
  usage: 'tempmail watch [--from TEXT] [--subject TEXT]',
  description: `Prints a line for each new message of the current mailbox as it arrives (without a
current mailbox, of every mailbox of your Pro API token), until interrupted. It listens on
the server's live event stream and polls the inbox while the stream is unavailable, as
'tempmail wait' does. Messages already there are not printed: see 'tempmail inbox'.

On a terminal: time, sender, subject and id. Through a pipe: the tab-separated lines of
'tempmail inbox'. Ends with exit code 0 on Ctrl-C.`,
  arguments: [],
  options: {
    from: {
      type: 'string',
      value: 'TEXT',
      description: 'only messages whose sender contains TEXT',
    },
    subject: {
      type: 'string',
      value: 'TEXT',
      description: 'only messages whose subject contains TEXT',
    },
  },
  jsonOutput: 'one MessageSummary per line (JSON Lines), as each arrives',
  exitCodes: [],
  examples: [
    { command: 'tempmail watch', comment: 'follow the mailbox' },
    { command: "tempmail watch --json | jq -r '.subject'", comment: 'subjects as they come' },
  ],
  async run(context, { values }) {
    const client = context.readerClient();
    const matches = toPredicate({
      from: values.from as string | undefined,
      subject: values.subject as string | undefined,
    });
    const target = context.credentials().mailbox?.address ?? 'your mailboxes';
    const announce = (mode: WatchMode) => {
      if (context.stderr.isTTY) {
        const how = mode === 'stream' ? 'live' : 'polling';
        context.note(`Watching ${target} (${how}). Ctrl-C to stop.`);
      }
    };
    for await (const message of watchMessages(client, {
      signal: context.signal,
      onModeChange: announce,
    })) {
      if (!(await matches(message))) continue;
      if (context.json) context.printJson(message);
      else if (!context.stdout.isTTY) context.print(messageLine(message));
      else {
        const from = cleanLine(formatAddress(message.from));
        const subject = cleanLine(message.subject) || '(no subject)';
        context.print(`${formatLocalTime(message.date)}  ${from}  ${subject}  [${message.id}]`);
      }
    }
    // The loop ends only when Ctrl-C aborted it: the normal way to stop watching.
    return 0;
  },
};
