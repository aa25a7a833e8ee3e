import {
  isRetryable,
  MAX_POLL_INTERVAL,
  TempMailError,
  TempMailNetworkError,
  toPredicate,
  watchMessages,
  type TryOutcome,
  type WatchMode,
} from '@tempmail/sdk';
import type { Command } from '../command.js';
import { cleanLine, formatAddress, formatDuration, formatLocalTime } from '../format-values.js';
import { tabLine } from '../print-list.js';
import { messageFields } from './list-inbox.js';

export const watchInbox: Command = {
  name: 'watch',
  summary: 'Print each new message as it arrives, until Ctrl-C',
  usage: 'tempmail watch [--from TEXT] [--subject TEXT]',
  description: `Prints a line for each new message of the current mailbox as it arrives (without a
current mailbox, of every mailbox of your Pro API token), until interrupted. It listens on
the server's live event stream and polls the inbox while the stream is unavailable, as
'tempmail wait' does. Messages already there are not printed: see 'tempmail inbox'.

On a terminal: time, sender, subject and id. Through a pipe: the tab-separated lines of
'tempmail inbox'. Ends with exit code 0 on Ctrl-C. A server that cannot be reached at the
start ends it with exit code 7; one that goes away later is tried again until it returns.
A rate limit that asks to wait more than a minute ends it with exit code 5; a server error
after the start is tried again, and any other refusal ends it as it ends the other commands.`,
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
    // A wrong --server is said at once; a server lost later (a restart) is waited for.
    const stop = new AbortController();
    const stopped = () => stop.abort();
    context.signal.addEventListener('abort', stopped, { once: true });
    let reached = false;
    let failure: unknown;
    const fail = (error: unknown) => {
      failure = error;
      stop.abort();
    };
    const onTry = (outcome: TryOutcome) => {
      if (outcome.ok) {
        reached = true;
        return;
      }
      const { call, error } = outcome;
      const seconds = Math.max(1, Math.round((outcome.nextTryAt - Date.now()) / 1000));
      if (error instanceof TempMailNetworkError) {
        if (call !== 'listing') return;
        if (!reached) return fail(error);
        if (context.stderr.isTTY) {
          context.note(`Cannot reach the server; trying again in ${formatDuration(seconds)}.`);
        }
        return;
      }
      if (error instanceof TempMailError && error.status === 429) {
        // `wait` gives up on a Retry-After that outlasts its --timeout; a watch has none, so
        // the bound is its slowest poll: beyond it (an hour's budget spent) the watch would
        // sit silent for that long.
        if ((error.retryAfter ?? 0) * 1000 > MAX_POLL_INTERVAL) return fail(error);
        if (context.stderr.isTTY) {
          context.note(`Rate limited; trying again in ${formatDuration(seconds)}.`);
        }
        return;
      }
      // A stream that cannot be opened is fallen back from, by polling. A listing refused for
      // good (a bad token) is said as the other commands say it; a server error once the
      // watch is going (a deploy's 502) is tried again as a lost server is.
      if (call !== 'listing') return;
      if (!reached || !isRetryable(error)) return fail(error);
      if (context.stderr.isTTY) {
        context.note(`The server failed; trying again in ${formatDuration(seconds)}.`);
      }
    };
    try {
      for await (const message of watchMessages(client, {
        signal: stop.signal,
        onModeChange: announce,
        onTry,
      })) {
        if (!(await matches(message))) continue;
        if (context.json) context.printJson(message);
        else if (!context.stdout.isTTY) context.print(tabLine(messageFields(message)));
        else {
          const from = cleanLine(formatAddress(message.from));
          const subject = cleanLine(message.subject) || '(no subject)';
          context.print(`${formatLocalTime(message.date)}  ${from}  ${subject}  [${message.id}]`);
        }
      }
    } finally {
      context.signal.removeEventListener('abort', stopped);
    }
    if (failure !== undefined) throw failure;
    // Otherwise the loop ends only when Ctrl-C aborted it: the normal way to stop watching.
    return 0;
  },
};
