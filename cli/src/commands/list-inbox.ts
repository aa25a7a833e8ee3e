import { listMessages, unwrap, type MessageSummary } from '@tempmail/sdk';
import type { Command, CommandContext } from '../command.js';
import { cleanLine, formatRelative } from '../format-values.js';
import { printList } from '../print-list.js';

export const listInbox: Command = {
  name: 'inbox',
  summary: 'List the messages of the current mailbox, newest first',
  usage: 'tempmail inbox [--mailbox ADDRESS]',
  description: `Lists the messages of the current mailbox, newest first. Without a current mailbox,
a Pro API token lists the messages of all your mailboxes (--mailbox picks one of them,
the current one or not).

On a terminal: a table (* marks unread messages, + those with attachments). Through a
pipe: one line per message, tab-separated: id, date (ISO 8601), sender address, subject.`,
  arguments: [],
  options: {
    mailbox: {
      type: 'string',
      value: 'ADDRESS',
      description: 'only this mailbox (one of a Pro API token’s)',
    },
  },
  jsonOutput: '{"messages": [MessageSummary...], "total"}: as GET /v1/messages answers',
  exitCodes: [],
  examples: [
    { command: 'tempmail inbox', comment: 'the table' },
    { command: 'tempmail inbox | cut -f1 | head -n1', comment: 'the id of the newest message' },
    { command: "tempmail inbox --json | jq -r '.messages[].subject'", comment: 'every subject' },
  ],
  async run(context, { values }) {
    const mailbox = values.mailbox as string | undefined;
    const list = await unwrap(
      listMessages({
        client: context.readerClient(mailbox),
        query: mailbox === undefined ? undefined : { mailbox },
        signal: context.signal,
      }),
    );
    if (context.json) return context.printJson(list);
    printMessages(context, list.messages);
    if (list.messages.length === 0 && context.stdout.isTTY) {
      const current = context.credentials().mailbox?.address;
      context.print(current ? `No messages in ${current} yet.` : 'No messages yet.');
    }
  },
};

/** Messages as a table on a terminal, else as tab-separated lines. */
export function printMessages(context: CommandContext, messages: readonly MessageSummary[]) {
  if (messages.length === 0) return;
  printList(context, messages, {
    headers: ['ID', '', 'RECEIVED', 'FROM', 'SUBJECT'],
    row: (message) => [
      message.id,
      (message.seen ? ' ' : '*') + (message.hasAttachments ? '+' : ' '),
      formatRelative(message.date),
      cleanLine(message.from.name || message.from.address),
      cleanLine(message.subject) || '(no subject)',
    ],
    fields: messageFields,
    maxWidths: [undefined, undefined, undefined, 24],
  });
}

/** A message's fields through a pipe: id, date, sender address, subject. */
export function messageFields(message: MessageSummary): string[] {
  return [message.id, message.date, message.from.address, message.subject];
}
