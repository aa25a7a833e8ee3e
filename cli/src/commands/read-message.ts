import { getMessage, readMessageRaw, unwrap } from '@tempmail/sdk';
import { messageMailboxHelp, messageMailboxOption, type Command } from '../command.js';
import { messageId } from '../check-arguments.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { formatMessage, messageBody } from '../format-message.js';
import { cleanText } from '../format-values.js';

export const readMessage: Command = {
  name: 'read',
  summary: 'Show a message (headers and text, or --text, --html, --raw)',
  usage: 'tempmail read ID [--text | --html | --raw] [--mailbox ADDRESS]',
  description: `Shows the message ID (from 'tempmail inbox') and marks it seen: its headers, the
names of its attachments and its text body (its HTML as text when it has no text body),
then the links whose address the text does not show (an HTML button's). --text prints the text body alone, --html the HTML body as received, --raw the whole
message source (RFC 5322, byte for byte, e.g. to save as .eml; does not mark it seen).

On a terminal, control characters in the mail are removed; through a pipe --html and
--raw are passed on untouched.

${messageMailboxHelp}`,
  arguments: [{ name: 'ID', description: 'the message id (24 hex characters)', required: true }],
  options: {
    text: { type: 'boolean', description: 'print only the text body' },
    html: {
      type: 'boolean',
      description: 'print only the HTML body (unsanitized: do not open it in a browser as is)',
    },
    raw: { type: 'boolean', description: 'print the raw source of the message' },
    mailbox: messageMailboxOption,
  },
  jsonOutput:
    'the MessageDetail of GET /v1/messages/{id}; with --text {"id", "text"}, --html {"id", "html"}, --raw {"id", "raw"}',
  exitCodes: [],
  examples: [
    { command: 'tempmail read 65f1c0ffee0ddba11c0ffee1', comment: 'headers and text' },
    {
      command: 'tempmail read 65f1c0ffee0ddba11c0ffee1 --raw > message.eml',
      comment: 'save the source',
    },
    {
      command: 'tempmail read "$(tempmail inbox | cut -f1 | head -n1)" --text',
      comment: 'the newest message',
    },
  ],
  async run(context, { values, positionals }) {
    const id = messageId(positionals[0]);
    const parts = (['text', 'html', 'raw'] as const).filter((part) => values[part] === true);
    if (parts.length > 1) {
      throw new CliError('Choose one of --text, --html and --raw.', ExitCode.usage);
    }
    const mailbox = values.mailbox as string | undefined;
    const tty = context.stdout.isTTY === true;

    if (parts[0] === 'raw') {
      const bytes = await context.withMessageClient(mailbox, (client) =>
        readMessageRaw(client, id, { signal: context.signal }),
      );
      const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (context.json) return context.printJson({ id, raw: raw.toString('utf8') });
      context.stdout.write(tty ? cleanText(raw.toString('utf8')) : raw);
      return;
    }

    const message = await context.withMessageClient(mailbox, (client) =>
      unwrap(getMessage({ client, path: { id }, signal: context.signal })),
    );
    if (parts[0] === 'text') {
      if (context.json) return context.printJson({ id, text: message.text });
      return context.print(messageBody(message));
    }
    if (parts[0] === 'html') {
      if (context.json) return context.printJson({ id, html: message.html });
      if (!message.html) return context.note('The message has no HTML body.');
      context.stdout.write(tty ? cleanText(message.html) : message.html);
      if (!message.html.endsWith('\n')) context.stdout.write('\n');
      return;
    }
    if (context.json) return context.printJson(message);
    context.print(formatMessage(message));
  },
};
