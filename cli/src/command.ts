import type { Client } from '@tempmail/sdk';
import type { ConfigStore, ServerCredentials } from './config-store.js';

/** An option as `node:util` parseArgs takes it, with what `--help` says about it. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in help, e.g. `NAME`. */
  value?: string;
  description: string;
}

/**
 * `--mailbox` of the commands on one message: as `inbox --mailbox`, which lists the ids,
 * it picks the token that reads that mailbox.
 */
export const messageMailboxOption: OptionSpec = {
  type: 'string',
  value: 'ADDRESS',
  description: 'the message is in this mailbox (one of a Pro API token’s)',
};

/** What the help of those commands says about it. */
export const messageMailboxHelp = `--mailbox names the message's mailbox when it is not the current one (one of a Pro
API token's, as 'tempmail inbox --mailbox' lists them). Without it, a message the current
mailbox does not have is looked for with the Pro API token, when one is stored.`;

export interface ArgumentSpec {
  name: string;
  description: string;
  required: boolean;
}

export interface CommandInput {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** One `tempmail` command: its help, its options and what it does. */
export interface Command {
  name: string;
  /** One line, for the program's command list. */
  summary: string;
  usage: string;
  description: string;
  arguments: ArgumentSpec[];
  options: Record<string, OptionSpec>;
  /** What the command prints on stdout with `--json`. */
  jsonOutput: string;
  /** Exit codes particular to this command, besides the common ones. */
  exitCodes: number[];
  examples: { command: string; comment: string }[];
  /** Resolves with the exit code (0 when it returns nothing); throws what main reports. */
  run(context: CommandContext, input: CommandInput): Promise<number | void>;
}

/** What a command runs with: the server, the config, the output streams, clients. */
export interface CommandContext {
  /** The server's base URL, without a trailing slash. */
  server: string;
  /** `--json`: machine-readable output on stdout and nothing else there. */
  json: boolean;
  config: ConfigStore;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** Aborted by Ctrl-C. */
  signal: AbortSignal;
  /** What is stored for this server. */
  credentials(): ServerCredentials;
  /** A client sending `token`, or none. */
  client(token?: string): Client;
  /**
   * A client that reads mail: the current mailbox's token, else the Pro API token (all its
   * mailboxes). For another `mailbox` than the current one, the Pro API token first: a
   * mailbox token reads only its own mailbox. Throws when neither is stored.
   */
  readerClient(mailbox?: string): Client;
  /**
   * `call` with the reader client of `mailbox` (see readerClient), for a command on one
   * message. Without `mailbox`, a message the current mailbox's token cannot find (404) is
   * looked for once more with the Pro API token, when one is stored: it reads every mailbox
   * of its user, as `inbox --mailbox` lists them.
   */
  withMessageClient<T>(
    mailbox: string | undefined,
    call: (client: Client) => Promise<T>,
  ): Promise<T>;
  /** A line on stdout. */
  print(text: string): void;
  /** A value as JSON on stdout (one line). */
  printJson(value: unknown): void;
  /** A line for people on stderr: notes that must not mix with the output. */
  note(text: string): void;
}
