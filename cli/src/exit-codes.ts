/**
 * The exit codes of `tempmail`, stable so scripts can branch on them. `--help` and the
 * README list them from here.
 */
export const ExitCode = {
  /** Done. */
  ok: 0,
  /** The server answered an error (not found, forbidden, invalid...), or something unexpected. */
  error: 1,
  /** Unknown command or option, a missing or bad argument. */
  usage: 2,
  /** `wait`: no matching message arrived before --timeout. */
  timeout: 3,
  /** `wait --extract`: matching mail arrived before --timeout, but none with a link / code. */
  nothingToExtract: 4,
  /** The server's rate limit was reached; the message says when to try again. */
  rateLimited: 5,
  /** No mailbox or token stored yet, or the server refused the token (expired mailbox). */
  unauthorized: 6,
  /** The server could not be reached at all. */
  unreachable: 7,
  /** Interrupted by Ctrl-C (SIGINT), as shells report it. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** One line per exit code, for help texts. */
export const exitCodeLines: readonly (readonly [ExitCode, string])[] = [
  [ExitCode.ok, 'success'],
  [
    ExitCode.error,
    'the server answered an error (e.g. message not found), or an unexpected failure',
  ],
  [ExitCode.usage, 'usage error: unknown command or option, missing or bad argument'],
  [ExitCode.timeout, 'wait: no matching message before --timeout'],
  [
    ExitCode.nothingToExtract,
    'wait --extract: matching mail came before --timeout, none with a link/code',
  ],
  [ExitCode.rateLimited, 'rate limited by the server (the message says when to retry)'],
  [ExitCode.unauthorized, 'no mailbox or token stored, or the token was refused (expired)'],
  [ExitCode.unreachable, 'the server could not be reached'],
  [ExitCode.interrupted, 'interrupted (Ctrl-C)'],
];

/** An error the CLI reports as one line on stderr, exiting with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.error,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
