import { CliError, ExitCode } from './exit-codes.js';

/** A message id argument, checked before anything is sent. */
export function messageId(value: string | undefined): string {
  if (value === undefined) throw new CliError('Missing the message ID.', ExitCode.usage);
  if (!/^[0-9a-f]{24}$/.test(value)) {
    throw new CliError(`'${value}' is not a message id (24 hex characters).`, ExitCode.usage);
  }
  return value;
}

/** A number of seconds, e.g. `--timeout 60`: positive, fractions allowed. */
export function seconds(option: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(parsed > 0)) {
    throw new CliError(
      `--${option} takes a number of seconds above 0, not '${value}'.`,
      ExitCode.usage,
    );
  }
  return parsed;
}
