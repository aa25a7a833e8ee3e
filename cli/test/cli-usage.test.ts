// What `tempmail` says about itself, and its small pieces, without a server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../tests/support/paths.js';
import { commands } from '../src/all-commands.js';
import { safeFileName } from '../src/commands/save-attachments.js';
import { configDirectory } from '../src/config-store.js';
import { exitCodeLines } from '../src/exit-codes.js';
import { formatTable } from '../src/format-table.js';
import { cleanLine, cleanText } from '../src/format-values.js';
import { commandHelp, globalOptions, programHelp } from '../src/render-help.js';
import { cliUser } from './support/run-tempmail.js';

describe('help', () => {
  it('lists every command, global option and exit code', () => {
    const help = programHelp(commands, '/home/me/.config/tempmail/config.json');
    for (const command of commands) expect(help).toContain(`  ${command.name} `);
    for (const name of Object.keys(globalOptions)) expect(help).toContain(`--${name}`);
    for (const [code, text] of exitCodeLines) expect(help).toContain(`${code}  ${text}`);
    expect(help).toContain('TEMPMAIL_URL');
    expect(help).toContain('TEMPMAIL_CONFIG_DIR');
    expect(help).toContain('/home/me/.config/tempmail/config.json');
  });

  it.each(commands.map((command) => [command.name, command] as const))(
    'tells everything about %s: arguments, options, --json, exit codes, examples',
    (_name, command) => {
      const help = commandHelp(command, '/cfg/config.json');
      expect(help).toMatch(new RegExp(`^Usage: tempmail ${command.name}\\b`));
      for (const argument of command.arguments) expect(help).toContain(`  ${argument.name}  `);
      for (const [name, spec] of Object.entries({ ...command.options, ...globalOptions })) {
        expect(help).toContain(`--${name}${spec.value ? ` ${spec.value}` : ''}  `);
        expect(help).toContain(spec.description);
      }
      expect(help).toContain(`With --json, stdout holds: ${command.jsonOutput}`);
      for (const code of [0, 1, 2, 5, 6, 7, ...command.exitCodes]) {
        expect(help).toMatch(new RegExp(`^ +${code}  `, 'm'));
      }
      expect(command.examples.length).toBeGreaterThan(0);
      for (const example of command.examples) expect(help).toContain(`  ${example.command}\n`);
    },
  );
});

describe('the command line', () => {
  // No server is needed: nothing here gets as far as a request.
  const user = cliUser('http://127.0.0.1:1');
  afterAll(() => user.remove());

  it('answers --help, help COMMAND and --version with exit 0 on stdout', async () => {
    const [program, wait, viaHelp, version] = await Promise.all([
      user.run(['--help']),
      user.run(['wait', '--help']),
      user.run(['help', 'attachments']),
      user.run(['--version']),
    ]);
    expect(program).toMatchObject({ code: 0, stderr: '' });
    expect(program.stdout).toContain(`Files:\n  ${user.configFile}\n`);
    expect(wait).toMatchObject({ code: 0, stderr: '' });
    expect(wait.stdout).toMatch(/^Usage: tempmail wait /);
    expect(viaHelp.stdout).toMatch(/^Usage: tempmail attachments ID \[--out DIR\]/);
    expect(version).toEqual({ code: 0, stdout: 'tempmail 0.1.0\n', stderr: '' });
  });

  it('exits 2 with one clear line on usage errors', async () => {
    const [bare, unknown, option, missing, extra, value, dashed, extract, server] =
      await Promise.all([
        user.run([]),
        user.run(['fetch']),
        user.run(['wait', '--bogus']),
        user.run(['read']),
        user.run(['delete', '65f1c0ffee0ddba11c0ffee1', 'more']),
        user.run(['wait', '--timeout']),
        user.run(['wait', '--timeout', '-5']),
        user.run(['wait', '--extract', 'otp']),
        user.run(['domains', '--server', 'ftp://example.com']),
      ]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toContain('Commands:');
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^Unknown command 'fetch'\. Commands: new, inbox, /);
    expect(option).toEqual({
      code: 2,
      stdout: '',
      stderr: "Unknown option '--bogus'.\nRun 'tempmail wait --help' for usage.\n",
    });
    expect(missing.stderr).toBe("Missing the ID.\nRun 'tempmail read --help' for usage.\n");
    expect(extra.stderr).toMatch(/^Unexpected argument 'more'\./);
    expect(value.stderr).toMatch(/^Option '--timeout' needs a value \(SECONDS\)\./);
    expect(dashed.stderr).toMatch(
      /^Option '--timeout' needs a value \(SECONDS\); give one that starts with '-' as --timeout=VALUE\./,
    );
    expect(extract.stderr).toMatch(/^--extract takes 'link' or 'code', not 'otp'\./);
    expect(server.stderr).toMatch(/^The server URL must start with http:\/\/ or https:\/\//);
    for (const run of [missing, extra, value, dashed, extract, server]) expect(run.code).toBe(2);
  });

  it('stops quietly when its output is closed before it writes (`tempmail --help | true`)', async () => {
    const child = user.spawn(['--help']);
    // Closed before the Node process has even started, so its first write meets EPIPE.
    child.stdout?.destroy();
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it.each([
    ['compiled', {}],
    ['source', { TEMPMAIL_CLI_SOURCE: '1' }],
  ])('runs through the bin launcher npm links as `tempmail` (%s)', async (_how, env) => {
    // Without cli/dist (a fresh clone) the launcher runs the sources, as TEMPMAIL_CLI_SOURCE does.
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'cli/bin/tempmail.js'), '--version'],
      {
        env: { PATH: process.env.PATH, ...env },
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'tempmail 0.1.0\n' });
  });
});

describe('the pieces', () => {
  it('finds the config folder: override, then XDG, then ~/.config', () => {
    expect(configDirectory({ TEMPMAIL_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/xdg' })).toBe(
      '/tmp/x',
    );
    expect(configDirectory({ XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/tempmail');
    // A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
    expect(configDirectory({ XDG_CONFIG_HOME: 'relative' })).toMatch(/\/\.config\/tempmail$/);
  });

  it('makes sender-chosen file names safe to write', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('..\\..\\boot.ini', 'x')).toBe('boot.ini');
    expect(safeFileName('.bashrc', 'x')).toBe('bashrc');
    expect(safeFileName('in\u001b[31mvoice\u0000.pdf', 'x')).toBe('in[31mvoice.pdf');
    expect(safeFileName('..', 'fallback')).toBe('fallback');
    expect(safeFileName('a:b?.txt', 'x')).toBe('a_b_.txt');
    expect([...safeFileName(`${'é'.repeat(300)}.pdf`, 'x')]).toHaveLength(200);
    expect(safeFileName(`${'é'.repeat(300)}.pdf`, 'x').endsWith('.pdf')).toBe(true);
  });

  it('keeps terminal control sequences out of what it prints', () => {
    expect(cleanLine('Hi\u001b]0;owned\u0007 there\r\nyou\u202e')).toBe('Hi]0;owned there you');
    expect(cleanText('line 1\r\n\tline 2\u001b[2J')).toBe('line 1\n\tline 2[2J');
  });

  it('fits a table to the terminal, cutting the last column', () => {
    const table = formatTable(['ID', 'SUBJECT'], [['1', 'A subject far too long to fit']], {
      width: 20,
    });
    expect(table).toBe('ID  SUBJECT\n1   A subject far t…');
  });
});
