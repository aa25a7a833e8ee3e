import { TempMailError, TempMailNetworkError, TempMailTimeoutError } from '@tempmail/sdk';
import { CliError, ExitCode } from './exit-codes.js';
import type { StoredMailbox } from './config-store.js';
import { formatDuration, formatRelative } from './format-values.js';

/** What is stored, to say which token the server refused. */
interface RefusalContext {
  /** The stored current mailbox, to name it when the server refuses its token after its expiry. */
  mailbox?: StoredMailbox;
  /** The refused call sent the stored Pro API token, not a mailbox's. */
  apiTokenRefused?: boolean;
}

/** The one line on stderr and the exit code for anything a command threw. */
export function describeError(
  error: unknown,
  server: string,
  { mailbox, apiTokenRefused = false }: RefusalContext = {},
): { line: string; exitCode: ExitCode } {
  if (error instanceof CliError) return { line: error.message, exitCode: error.exitCode };
  if (error instanceof TempMailTimeoutError) {
    const waited = `No matching message arrived within ${formatDuration(error.timeout / 1000)}`;
    // A wait whose last tries found no server: that is what to fix, not the mail.
    if (error.cause instanceof TempMailNetworkError) {
      return {
        line: `${waited}: the TempMail server at ${server} could not be reached (${networkCause(error.cause)}) when last tried.`,
        exitCode: ExitCode.unreachable,
      };
    }
    return { line: `${waited}.`, exitCode: ExitCode.timeout };
  }
  if (error instanceof TempMailNetworkError) {
    return {
      line: `Cannot reach the TempMail server at ${server} (${networkCause(error)}). Is it running? Choose another with --server or TEMPMAIL_URL.`,
      exitCode: ExitCode.unreachable,
    };
  }
  if (error instanceof TempMailError) {
    if (error.status === 429) {
      const wait = error.retryAfter;
      return {
        line: `Rate limited: try again ${wait === undefined ? 'later' : `in ${formatDuration(wait)}`}.`,
        exitCode: ExitCode.rateLimited,
      };
    }
    // A revoked token, or one replaced on the dashboard: `new` would send it again.
    if (error.status === 401 && apiTokenRefused) {
      return {
        line: `${error.message} The server refused the stored Pro API token: store a new one with 'tempmail login TOKEN', or drop it with 'tempmail logout --token'.`,
        exitCode: ExitCode.unauthorized,
      };
    }
    if (error.status === 401 && mailbox && Date.parse(mailbox.expiresAt) <= Date.now()) {
      return {
        line: `The mailbox ${mailbox.address} expired ${formatRelative(mailbox.expiresAt)}: run 'tempmail new' for a new address.`,
        exitCode: ExitCode.unauthorized,
      };
    }
    if (error.status === 401) {
      return {
        line: `${error.message} The mailbox may have expired: run 'tempmail new' for a new address, or 'tempmail login TOKEN'.`,
        exitCode: ExitCode.unauthorized,
      };
    }
    return { line: error.message, exitCode: ExitCode.error };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { line: `Unexpected error: ${message}`, exitCode: ExitCode.error };
}

/** "connect ECONNREFUSED 127.0.0.1:8080": the part of the SDK's message after the URL. */
function networkCause(error: TempMailNetworkError): string {
  return error.message.slice(error.message.indexOf(': ') + 2);
}
