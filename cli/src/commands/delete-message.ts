import { deleteMessage as deleteOne, unwrap } from '@tempmail/sdk';
import { messageId } from '../check-arguments.js';
import { messageMailboxHelp, messageMailboxOption, type Command } from '../command.js';

export const deleteMessage: Command = {
  name: 'delete',
  summary: 'Delete a message for good',
  usage: 'tempmail delete ID [--mailbox ADDRESS]',
  description: `Deletes the message ID and its attachments from the server for good.

${messageMailboxHelp}`,
  arguments: [{ name: 'ID', description: 'the message id', required: true }],
  options: { mailbox: messageMailboxOption },
  jsonOutput: '{"id", "deleted": true}',
  exitCodes: [],
  examples: [{ command: 'tempmail delete 65f1c0ffee0ddba11c0ffee1', comment: '' }],
  async run(context, { positionals, values }) {
    const id = messageId(positionals[0]);
    await context.withMessageClient(values.mailbox as string | undefined, (client) =>
      unwrap(deleteOne({ client, path: { id }, signal: context.signal })),
    );
    if (context.json) return context.printJson({ id, deleted: true });
    context.print(`Deleted ${id}.`);
  },
};
