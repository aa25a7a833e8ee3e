import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createTempMailClient, TempMailError, type Client } from '@tempmail/sdk';
import type { Command, CommandContext, CommandInput, OptionSpec } from './command.js';
import { commands } from './all-commands.js';
import { ConfigStore, configDirectory, type ServerCredentials } from './config-store.js';
import { describeError } from './describe-error.js';
import { CliError, ExitCode } from './exit-codes.js';
import { commandHelp, globalOptions, programHelp } from './render-help.js';

const DEFAULT_SERVER = 'http://localhost:8080';

const version = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

/**
 * Runs `tempmail` with these arguments: picks the command, builds what it runs with, and
 * turns whatever it throws into one line on stderr. Resolves with the exit code.
 */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  const config = new ConfigStore(configDirectory(io.env));
  const { name, rest } = splitCommand(argv);
  let server = DEFAULT_SERVER;
  // The token of the last call the server refused (401): which stored token to blame.
  let refusedToken: string | undefined;
  try {
    if (name === undefined || name === 'help') {
      const values = parse(rest, {}).values;
      const topic = name === 'help' ? rest.find((arg) => !arg.startsWith('-')) : undefined;
      if (values.version && name === undefined) return print(io.stdout, `tempmail ${version}`);
      if (topic !== undefined) return print(io.stdout, commandHelp(find(topic), config.file));
      const help = programHelp(commands, config.file);
      if (values.help || name === 'help') return print(io.stdout, help);
      // Bare `tempmail`: the help, but as the usage error it is.
      io.stderr.write(help);
      return ExitCode.usage;
    }
    const command = find(name);
    const input = parse(rest, command.options);
    if (input.values.help) return print(io.stdout, commandHelp(command, config.file));
    checkPositionals(command, input.positionals);
    server = serverUrl(input.values.server as string | undefined, io.env);
    const context = createContext(server, input.values.json === true, config, io, (token) => {
      refusedToken = token;
    });
    return (await command.run(context, input)) ?? ExitCode.ok;
  } catch (error) {
    if (io.signal.aborted) return ExitCode.interrupted;
    const stored = storedCredentials(config, server);
    const { line, exitCode } = describeError(error, server, {
      mailbox: stored.mailbox,
      apiTokenRefused: refusedToken !== undefined && refusedToken === stored.apiToken,
    });
    io.stderr.write(`${line}\n`);
    if (exitCode === ExitCode.usage && name !== undefined) {
      const topic = commands.some((command) => command.name === name) ? ` ${name}` : '';
      io.stderr.write(`Run 'tempmail${topic} --help' for usage.\n`);
    }
    return exitCode;
  }
}

// The report of an error must not fail on a broken config file itself.
function storedCredentials(config: ConfigStore, server: string): ServerCredentials {
  try {
    return config.credentials(server);
  } catch {
    return {};
  }
}

function print(stream: NodeJS.WriteStream, text: string): number {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
  return ExitCode.ok;
}

/** The command name (the first argument that is not an option or an option's value) and the rest. */
function splitCommand(argv: readonly string[]): { name?: string; rest: string[] } {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--') break;
    if (arg === '--server') {
      index++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return { name: arg, rest: [...argv.slice(0, index), ...argv.slice(index + 1)] };
  }
  return { rest: [...argv] };
}

function find(name: string): Command {
  const command = commands.find((candidate) => candidate.name === name);
  if (command === undefined) {
    throw new CliError(
      `Unknown command '${name}'. Commands: ${commands.map((c) => c.name).join(', ')}.`,
      ExitCode.usage,
    );
  }
  return command;
}

function parse(args: string[], options: Record<string, OptionSpec>): CommandInput {
  const all = { ...globalOptions, ...options };
  try {
    const { values, positionals } = parseArgs({
      args,
      options: Object.fromEntries(
        Object.entries(all).map(([name, spec]) => [
          name,
          spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
    return { values: values as CommandInput['values'], positionals };
  } catch (error) {
    throw new CliError(usageMessage(error, all), ExitCode.usage);
  }
}

// parseArgs' own messages suggest `--` tricks; say plainly what is wrong instead.
function usageMessage(error: unknown, options: Record<string, OptionSpec>): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown option '${flag}'.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = flag.replace(/^-+/, '').split(/[ =]/)[0] ?? '';
    const spec = options[name] ?? Object.entries(options).find(([, s]) => s.short === name)?.[1];
    if (spec?.type !== 'string') return `Option '--${name}' takes no value.`;
    const needs = `Option '--${name}' needs a value${spec.value ? ` (${spec.value})` : ''}`;
    // What follows the option starts with '-' (as '-5' does), so it reads as an option.
    return /ambiguous/.test(message)
      ? `${needs}; give one that starts with '-' as --${name}=VALUE.`
      : `${needs}.`;
  }
  return message;
}

function checkPositionals(command: Command, positionals: string[]): void {
  const missing = command.arguments.slice(positionals.length).find((argument) => argument.required);
  if (missing !== undefined) throw new CliError(`Missing the ${missing.name}.`, ExitCode.usage);
  const extra = positionals[command.arguments.length];
  if (extra !== undefined) throw new CliError(`Unexpected argument '${extra}'.`, ExitCode.usage);
}

function serverUrl(option: string | undefined, env: NodeJS.ProcessEnv): string {
  const value = option ?? (env.TEMPMAIL_URL || DEFAULT_SERVER);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`'${value}' is not a URL (e.g. ${DEFAULT_SERVER}).`, ExitCode.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(
      `The server URL must start with http:// or https://, not '${value}'.`,
      ExitCode.usage,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function createContext(
  server: string,
  json: boolean,
  config: ConfigStore,
  io: Io,
  onRefused: (token: string) => void,
): CommandContext {
  const headers = { 'User-Agent': `tempmail-cli/${version}` };
  const client = (token?: string) => {
    const made = createTempMailClient({ baseUrl: server, token, headers });
    if (token !== undefined) {
      made.interceptors.response.use((response) => {
        if (response.status === 401) onRefused(token);
        return response;
      });
    }
    return made;
  };
  const readerClient = (wanted?: string): Client => {
    const { mailbox, apiToken } = config.credentials(server);
    const another = wanted !== undefined && wanted.toLowerCase() !== mailbox?.address;
    const token = another ? (apiToken ?? mailbox?.token) : (mailbox?.token ?? apiToken);
    if (token === undefined) {
      throw new CliError(
        `No mailbox yet for ${server}: run 'tempmail new' (or 'tempmail login TOKEN').`,
        ExitCode.unauthorized,
      );
    }
    return client(token);
  };
  return {
    server,
    json,
    config,
    stdout: io.stdout,
    stderr: io.stderr,
    signal: io.signal,
    credentials: () => config.credentials(server),
    client,
    readerClient,
    async withMessageClient(mailbox, call) {
      try {
        return await call(readerClient(mailbox));
      } catch (error) {
        // The id came from `inbox --mailbox` (another of the Pro API token's mailboxes),
        // which the current mailbox's token cannot see: the API token reads them all.
        const { mailbox: current, apiToken } = config.credentials(server);
        const unseen = error instanceof TempMailError && error.status === 404;
        const byCurrent = mailbox === undefined && current !== undefined;
        if (!unseen || !byCurrent || apiToken === undefined) throw error;
        return call(client(apiToken));
      }
    },
    print: (text) => void io.stdout.write(`${text}\n`),
    printJson: (value) => void io.stdout.write(`${JSON.stringify(value)}\n`),
    note: (text) => void io.stderr.write(`${text}\n`),
  };
}
