import { unwrap, updateMessage } from '@tempmail/sdk';
import { messageId } from '../check-arguments.js';
import { messageMailboxHelp, messageMailboxOption, type Command } from '../command.js';

export const markMessage: Command = {
  name: 'mark',
  summary: 'Mark a message read or unread',
  usage: 'tempmail mark ID [--unread] [--mailbox ADDRESS]',
  description: `Marks the message ID read (as reading it does), or unread with --unread, on the server, so
every client of the mailbox sees it so.

${messageMailboxHelp}`,
  arguments: [{ name: 'ID', description: 'the message id', required: true }],
  options: {
    unread: { type: 'boolean', description: 'mark it unread instead of read' },
    mailbox: messageMailboxOption,
  },
  jsonOutput: '{"id", "seen"}',
  exitCodes: [],
  examples: [
    { command: 'tempmail mark 65f1c0ffee0ddba11c0ffee1 --unread', comment: 'keep it for later' },
  ],
  async run(context, { positionals, values }) {
    const id = messageId(positionals[0]);
    const seen = values.unread !== true;
    await context.withMessageClient(values.mailbox as string | undefined, (client) =>
      unwrap(updateMessage({ client, path: { id }, body: { seen }, signal: context.signal })),
    );
    if (context.json) return context.printJson({ id, seen });
    context.print(seen ? `Marked ${id} read.` : `Marked ${id} unread.`);
  },
};
