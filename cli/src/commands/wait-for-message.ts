import {
  getMessage,
  TempMailTimeoutError,
  unwrap,
  waitForMessage as waitForMatch,
  type MessageSummary,
  type WatchMode,
} from '@tempmail/sdk';
import { seconds } from '../check-arguments.js';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { formatMessage } from '../format-message.js';
import { cleanLine, formatDuration } from '../format-values.js';
import { startSpinner } from '../start-spinner.js';

export const waitForMessage: Command = {
  name: 'wait',
  summary: 'Wait for a message, then print it, or its code or link',
  usage:
    'tempmail wait [--from TEXT] [--subject TEXT] [--timeout SECONDS] [--extract link|code] [--new]',
  description: `Waits until a message matching --from and --subject is in the current mailbox, then
prints it as 'tempmail read' does. With --extract it waits for the first matching message
that has a link (or a code) and prints only that. A matching message already in the
mailbox counts (unless --new), so a mail that arrived just before the command is not
missed.

For the current mailbox it asks the server to answer as soon as the mail is stored (a long
poll: one request a minute however long the wait). With only a Pro token it listens on the
server's live event stream, and when that cannot be opened polls the inbox (every 4 s,
slower after errors, never before the server's Retry-After). On a terminal a spinner on
stderr shows the wait.

--from and --subject match case-insensitively anywhere in the sender (name or address)
and the subject. The server finds codes and links once, when a message arrives, in
English, French, Spanish and German: the code is the likeliest one-time code (digits,
grouped digits such as 123 456, or letters and digits such as K7Q2XP, next to a word like
"code", "verification", "OTP" or "PIN"; dates, prices, phone and order numbers are not
codes), the link is the message's call to act (verify, confirm, sign in, reset).`,
  arguments: [],
  options: {
    from: {
      type: 'string',
      value: 'TEXT',
      description: 'the sender’s name or address contains TEXT',
    },
    subject: { type: 'string', value: 'TEXT', description: 'the subject contains TEXT' },
    timeout: {
      type: 'string',
      value: 'SECONDS',
      description: 'give up after this long (default 60), exit 3',
    },
    extract: {
      type: 'string',
      value: 'link|code',
      description:
        'print only the call-to-act link, or the one-time code, of the first message with one',
    },
    new: { type: 'boolean', description: 'ignore the messages already in the mailbox' },
  },
  jsonOutput:
    'the MessageDetail; with --extract {"link"|"code": the value, "message": MessageDetail}',
  exitCodes: [ExitCode.timeout, ExitCode.nothingToExtract, ExitCode.interrupted],
  examples: [
    { command: 'tempmail wait', comment: 'the first message to arrive' },
    {
      command: 'CODE=$(tempmail wait --from shop.example --extract code --timeout 120)',
      comment: 'a verification code, in a script',
    },
    { command: "tempmail wait --subject 'confirm' --extract link", comment: 'a confirmation link' },
  ],
  async run(context, { values }) {
    const timeout = seconds('timeout', values.timeout as string | undefined, 60);
    const extract = values.extract as string | undefined;
    if (extract !== undefined && extract !== 'link' && extract !== 'code') {
      throw new CliError(`--extract takes 'link' or 'code', not '${extract}'.`, ExitCode.usage);
    }
    const client = context.readerClient();
    const read = (id: string) =>
      unwrap(getMessage({ client, path: { id }, signal: context.signal }));
    // The server lists each message's codes and call to act: no message is read to know.
    const valueOf = (message: MessageSummary) =>
      extract === 'code' ? message.codes[0]?.value : (message.link?.url ?? undefined);

    // With --extract, a matching message without a link/code is passed over (a welcome
    // mail before the one with the code); the last one is named if the wait times out.
    let passedOver: MessageSummary | undefined;
    const hasValue = (summary: MessageSummary) => {
      const found = valueOf(summary) !== undefined;
      if (!found) passedOver = summary;
      return found;
    };

    const address = context.credentials().mailbox?.address;
    const target = address ?? 'your mailboxes';
    const spinner = startSpinner(context.stderr, `Waiting for mail to ${target}…`);
    let summary: MessageSummary;
    try {
      summary = await waitForMatch(client, {
        match: {
          from: values.from as string | undefined,
          subject: values.subject as string | undefined,
          where: extract === undefined ? undefined : hasValue,
        },
        timeout: timeout * 1000,
        skipExisting: values.new === true,
        ...(address !== undefined ? { mailbox: address } : {}),
        signal: context.signal,
        onModeChange: (mode: WatchMode) =>
          spinner.update(
            `Waiting for mail to ${target} (${mode === 'stream' ? 'live' : 'polling'})…`,
          ),
      });
    } catch (error) {
      if (error instanceof TempMailTimeoutError && passedOver !== undefined) {
        const what = extract === 'code' ? 'verification code' : 'link';
        throw new CliError(
          `No message with a ${what} arrived within ${formatDuration(timeout)}; the last match, ` +
            `"${cleanLine(passedOver.subject)}" (${passedOver.id}), has none.`,
          ExitCode.nothingToExtract,
        );
      }
      throw error;
    } finally {
      spinner.stop();
    }

    const message = await read(summary.id);
    if (extract === undefined) {
      if (context.json) return context.printJson(message);
      return context.print(formatMessage(message));
    }
    const value = valueOf(summary);
    if (context.json) return context.printJson({ [extract]: value, message });
    context.print(value ?? '');
  },
};
