import type { Command, OptionSpec } from './command.js';
import { exitCodeLines } from './exit-codes.js';

export const globalOptions: Record<string, OptionSpec> = {
  server: {
    type: 'string',
    value: 'URL',
    description: 'the TempMail server (default: $TEMPMAIL_URL, else http://localhost:8080)',
  },
  json: { type: 'boolean', description: 'machine-readable JSON on stdout, and nothing else there' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
  version: { type: 'boolean', short: 'V', description: 'print the version' },
};

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return [flag, spec.description] as const;
  });
  const width = Math.max(...entries.map(([flag]) => flag.length));
  return entries.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}

function environmentLines(configFile: string): string[] {
  return [
    'Environment:',
    '  TEMPMAIL_URL         the server, when --server is not given',
    '  TEMPMAIL_CONFIG_DIR  where the current mailbox and tokens are kept (default:',
    '                       $XDG_CONFIG_HOME/tempmail, else ~/.config/tempmail)',
    '',
    'Files:',
    `  ${configFile}`,
    '      tokens and the current mailbox, per server; mode 0600 in a 0700 folder',
  ];
}

// What any command may end with; `wait` adds its own.
const commonExitCodes: readonly number[] = [0, 1, 2, 5, 6, 7, 130];

function exitLines(codes?: readonly number[]): string[] {
  const lines = exitCodeLines.filter(
    ([code]) => codes === undefined || codes.includes(code) || commonExitCodes.includes(code),
  );
  return ['Exit codes:', ...lines.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`)];
}

/** `tempmail --help`. */
export function programHelp(commands: readonly Command[], configFile: string): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'tempmail: disposable email addresses from the terminal (the TempMail public API)',
    '',
    'Usage: tempmail COMMAND [ARGUMENTS] [OPTIONS]',
    '       tempmail COMMAND --help',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    `  ${'help'.padEnd(width)}  Show help for a command: tempmail help COMMAND`,
    '',
    'Global options (with any command):',
    ...optionLines(globalOptions),
    '',
    ...environmentLines(configFile),
    '',
    ...exitLines(),
    '',
    'Examples:',
    '  # a new address, then the verification code a shop sends to it',
    '  tempmail new',
    '  tempmail wait --from shop.example --extract code',
    '  # the messages so far, and one of them',
    '  tempmail inbox',
    '  tempmail read 65f1c0ffee0ddba11c0ffee1',
    '',
  ].join('\n');
}

/** `tempmail COMMAND --help`. */
export function commandHelp(command: Command, configFile: string): string {
  const lines = [`Usage: ${command.usage}`, '', command.summary + '.', '', command.description, ''];
  if (command.arguments.length > 0) {
    const width = Math.max(...command.arguments.map((argument) => argument.name.length));
    lines.push('Arguments:');
    for (const argument of command.arguments) {
      lines.push(`  ${argument.name.padEnd(width)}  ${argument.description}`);
    }
    lines.push('');
  }
  if (Object.keys(command.options).length > 0) {
    lines.push('Options:', ...optionLines(command.options), '');
  }
  lines.push('Global options:', ...optionLines(globalOptions), '');
  lines.push(`With --json, stdout holds: ${command.jsonOutput}.`, '');
  lines.push(...environmentLines(configFile), '');
  lines.push(...exitLines(command.exitCodes), '');
  lines.push('Examples:');
  for (const example of command.examples) {
    if (example.comment) lines.push(`  # ${example.comment}`);
    lines.push(`  ${example.command}`);
  }
  lines.push('');
  return lines.join('\n');
}
