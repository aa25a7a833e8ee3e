// The `tempmail` command as a user runs it: a child process against the real server, mail
// sent over SMTP, a config folder of its own per user.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyProApiToken } from '../../tests/support/buy-pro-api-token.js';
import { sendMail } from '../../tests/support/send-mail.js';
import { freePort, startServer, type RunningServer } from '../../tests/support/start-server.js';
import { cliUser } from './support/run-tempmail.js';

let server: RunningServer;
const users: ReturnType<typeof cliUser>[] = [];

beforeAll(async () => {
  // A low free limit, so one test can reach it quickly; the others stay well under it. The
  // tests make more addresses from 127.0.0.1 than a visitor's budget allows.
  server = await startServer({
    env: {
      API_FREE_REQUESTS_PER_HOUR: '25',
      ADDRESS_CREATION_PER_MINUTE: '100000',
      ADDRESS_CREATION_PER_HOUR: '100000',
    },
  });
});
afterAll(async () => {
  users.forEach((user) => user.remove());
  await server?.stop();
});

function newUser() {
  const user = cliUser(server.url);
  users.push(user);
  return user;
}

/** A user with a new mailbox; its address. */
async function userWithMailbox() {
  const user = newUser();
  const created = await user.run(['new']);
  expect(created).toMatchObject({ code: 0, stderr: '' });
  return { user, address: created.stdout.trim() };
}

/** Writes what `user` has stored for `url`, as a past run of the CLI would have. */
function storeCredentials(user: ReturnType<typeof cliUser>, url: string, stored: object) {
  fs.mkdirSync(user.configDir, { recursive: true });
  fs.writeFileSync(user.configFile, JSON.stringify({ servers: { [url]: stored } }));
}

async function send(mail: SendMailOptions): Promise<void> {
  await sendMail(server.smtpPort, { from: 'Example Shop <no-reply@shop.example>', ...mail });
}

const verification = {
  subject: 'Your verification code',
  text: 'Order 77001 is confirmed.\nYour verification code is 481516. It expires in 10 minutes.',
  html: '<p>Your verification code is <b>481516</b>.</p><p><a href="https://shop.example/verify?c=481516&amp;u=7">Verify</a></p>',
};

describe('tempmail against a running server', () => {
  it('new, then wait --extract code prints exactly the code of a mail sent over SMTP', async () => {
    const { user, address } = await userWithMailbox();
    expect(address).toMatch(/^[a-z0-9]+@tempmail\.test$/);

    const waiting = user.run([
      'wait',
      '--from',
      'shop.example',
      '--extract',
      'code',
      '--timeout',
      '15',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await send({
      to: address,
      from: 'News <news@other.example>',
      subject: 'Code 111111',
      text: '',
    });
    // Matches --from but has no code: passed over.
    await send({ to: address, subject: 'Welcome', text: 'Thanks for joining us in 2026.' });
    await send({ to: address, ...verification });

    expect(await waiting).toEqual({ code: 0, stdout: '481516\n', stderr: '' });
    expect(await user.run(['wait', '--subject', 'verification', '--extract', 'link'])).toEqual({
      code: 0,
      stdout: 'https://shop.example/verify?c=481516&u=7\n',
      stderr: '',
    });
  });

  it('keeps the config private: folder 0700, file 0600, tokens per server', async () => {
    const { user, address } = await userWithMailbox();
    expect(fs.statSync(user.configDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(user.configFile).mode & 0o777).toBe(0o600);
    const config = JSON.parse(fs.readFileSync(user.configFile, 'utf8'));
    expect(config.servers[server.url].mailbox).toMatchObject({
      address,
      token: expect.any(String),
    });
  });

  // Eleven runs of the CLI, each a Node process: 14-17 s on a loaded CI machine.
  it('answers --json with one JSON document on stdout and nothing else', async () => {
    const user = newUser();
    const created = await user.run(['new', '--json']);
    expect(created.code).toBe(0);
    const mailbox = JSON.parse(created.stdout);
    expect(mailbox).toEqual({
      address: expect.stringMatching(/@tempmail\.test$/),
      domain: 'tempmail.test',
      expiresAt: expect.any(String),
      token: expect.any(String),
    });
    await send({ to: mailbox.address, ...verification });

    const waited = await user.run(['wait', '--extract', 'code', '--json']);
    const { code, message } = JSON.parse(waited.stdout);
    expect(code).toBe('481516');
    expect(message.subject).toBe(verification.subject);
    // The bodies keep the line break MIME ends a part with.
    expect([message.text, message.html]).toEqual([
      `${verification.text}\n`,
      `${verification.html}\n`,
    ]);

    const list = JSON.parse((await user.run(['inbox', '--json'])).stdout);
    expect(list).toMatchObject({ total: 1, messages: [{ id: message.id, seen: true }] });
    const read = JSON.parse((await user.run(['read', message.id, '--json'])).stdout);
    expect(read).toMatchObject({ id: message.id, html: message.html, attachments: [] });
    const text = JSON.parse((await user.run(['read', message.id, '--text', '--json'])).stdout);
    expect(text).toEqual({ id: message.id, text: message.text });
    const raw = JSON.parse((await user.run(['read', message.id, '--raw', '--json'])).stdout);
    expect(raw.raw).toContain('Subject: Your verification code');
    expect(JSON.parse((await user.run(['domains', '--json'])).stdout)).toEqual({
      domains: ['tempmail.test'],
    });
    const me = JSON.parse((await user.run(['whoami', '--json'])).stdout);
    expect(me).toMatchObject({
      kind: 'mailbox',
      plan: 'free',
      mailboxes: [{ address: mailbox.address }],
      rateLimit: { limit: 25 },
    });
    expect(JSON.parse((await user.run(['delete', message.id, '--json'])).stdout)).toEqual({
      id: message.id,
      deleted: true,
    });
  }, 60_000);

  it('exits 3 after --timeout when nothing matches, and 4 when a message has no code', async () => {
    const { user, address } = await userWithMailbox();
    const started = Date.now();
    expect(await user.run(['wait', '--subject', 'never', '--timeout', '1'])).toEqual({
      code: 3,
      stdout: '',
      stderr: 'No matching message arrived within 1 s.\n',
    });
    expect(Date.now() - started).toBeLessThan(8_000);

    await send({ to: address, subject: 'Welcome', text: 'Thanks for joining us in 2026.' });
    const nothing = await user.run(['wait', '--extract', 'code', '--timeout', '3']);
    expect(nothing.code).toBe(4);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toMatch(
      /^No message with a verification code arrived within 3 s; the last match, "Welcome" \([0-9a-f]{24}\), has none\.\n$/,
    );
  });

  // A score of CLI processes, each a Node start: under a full suite's load they outlast the
  // default 20 s, though each step is quick.
  it('lists, reads, marks and deletes messages', async () => {
    const { user, address } = await userWithMailbox();
    expect(await user.run(['inbox'])).toEqual({ code: 0, stdout: '', stderr: '' });
    await send({ to: address, ...verification });
    await user.run(['wait', '--timeout', '10']);

    const inbox = await user.run(['inbox']);
    const [id, date, from, subject] = inbox.stdout.trimEnd().split('\t');
    expect(inbox.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect([from, subject]).toEqual(['no-reply@shop.example', verification.subject]);
    expect(Date.parse(date!)).toBeGreaterThan(Date.now() - 60_000);

    const read = await user.run(['read', id!]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('From:    Example Shop <no-reply@shop.example>\n');
    expect(read.stdout).toContain(`To:      ${address}\n`);
    expect(read.stdout).toContain(`Subject: ${verification.subject}\n`);
    expect(read.stdout).toContain(`\n\n${verification.text}\n`);
    // The HTML's button, whose address the text does not show, so it can still be opened.
    expect(read.stdout).toMatch(
      /\n\nLinks:\n {2}Verify: https:\/\/shop\.example\/verify\?c=481516&u=7\n$/,
    );
    expect((await user.run(['read', id!, '--text'])).stdout).toBe(`${verification.text}\n`);
    expect((await user.run(['read', id!, '--html'])).stdout).toBe(`${verification.html}\n`);
    const raw = await user.run(['read', id!, '--raw']);
    expect(raw.stdout).toMatch(/^Received: from /);
    expect(raw.stdout).toContain('\r\nSubject: Your verification code\r\n');

    // Reading marked it seen; mark takes it back to unread and forth, on the server.
    expect(await user.run(['mark', id!, '--unread'])).toEqual({
      code: 0,
      stdout: `Marked ${id} unread.\n`,
      stderr: '',
    });
    expect(JSON.parse((await user.run(['mark', id!, '--json'])).stdout)).toEqual({
      id,
      seen: true,
    });

    expect(await user.run(['delete', id!])).toEqual({
      code: 0,
      stdout: `Deleted ${id}.\n`,
      stderr: '',
    });
    expect(await user.run(['read', id!])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Message not found.\n',
    });
    expect(await user.run(['read', 'not-an-id'])).toMatchObject({ code: 2, stdout: '' });
  }, 60_000);

  it('saves attachments with safe names and never overwrites', async () => {
    const { user, address } = await userWithMailbox();
    await send({
      to: address,
      subject: 'Files',
      text: 'Attached.',
      attachments: [
        { filename: '../../escape.txt', content: 'not outside' },
        {
          filename: 'receipt.pdf',
          content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]),
        },
      ],
    });
    const id = JSON.parse((await user.run(['wait', '--json', '--timeout', '10'])).stdout).id;
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-out-')), 'downloads');

    // The server keeps only the name's last segment; the CLI makes a name safe as well, for
    // a server that does not.
    const listed = await user.run(['attachments', id]);
    expect(listed.stdout.split('\n').map((line) => line.split('\t').slice(1))).toEqual([
      ['escape.txt', 'text/plain', '11'],
      ['receipt.pdf', 'application/pdf', '7'],
      [],
    ]);
    const saved = await user.run(['attachments', id, '--out', out]);
    expect(saved).toEqual({
      code: 0,
      stdout: `${path.join(out, 'escape.txt')}\n${path.join(out, 'receipt.pdf')}\n`,
      stderr: '',
    });
    expect(fs.readFileSync(path.join(out, 'escape.txt'), 'utf8')).toBe('not outside');
    expect([...fs.readFileSync(path.join(out, 'receipt.pdf'))]).toEqual([
      0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10,
    ]);

    const again = JSON.parse((await user.run(['attachments', id, '--out', out, '--json'])).stdout);
    expect(again.map((a: { path: string }) => path.basename(a.path))).toEqual([
      'escape (2).txt',
      'receipt (2).pdf',
    ]);
    expect(fs.readdirSync(path.dirname(out))).toEqual(['downloads']);
    fs.rmSync(path.dirname(out), { recursive: true });
  });

  it('prints each new message with watch, and stops with exit 0 on Ctrl-C', async () => {
    const { user, address } = await userWithMailbox();
    const watching = user.spawn(['watch', '--json']);
    let stdout = '';
    const firstLine = new Promise<void>((resolve) =>
      watching.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => watching.once('close', resolve));
    // Mail that came before the stream opened is not new to `watch`, and when that is
    // depends on the machine's load: send until one shows up.
    let sent = 0;
    while (!stdout.includes('\n') && sent < 15) {
      await send({ to: address, subject: `Watched ${++sent}`, text: 'Hi' });
      await Promise.race([firstLine, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    }
    await firstLine;
    watching.kill('SIGINT');

    expect(await exited).toBe(0);
    const first = JSON.parse(stdout.split('\n')[0]!);
    expect(first).toMatchObject({
      mailbox: address,
      subject: expect.stringMatching(/^Watched \d+$/),
    });
  });

  it('stops watch quietly, exit 0, when the reader of its output goes (`watch | head -1`)', async () => {
    const { user, address } = await userWithMailbox();
    const watching = user.spawn(['watch']);
    let stderr = '';
    watching.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => watching.once('close', resolve));
    watching.stdout?.destroy();
    let code: number | null | undefined;
    void exited.then((exit) => (code = exit));
    // Its first write, for a message that came after its stream opened, meets the closed pipe.
    for (let sent = 1; code === undefined && sent <= 15; sent++) {
      await send({ to: address, subject: `Unread ${sent}`, text: 'Hi' });
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    }
    expect({ code: await exited, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('stores a mailbox token with login, from an argument or from stdin', async () => {
    const owner = newUser();
    const { address, token } = JSON.parse((await owner.run(['new', '--json'])).stdout);
    const other = newUser();
    expect(await other.run(['login', token])).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(`^Current mailbox: ${address} \\(expires .+\\)\\.\\n$`),
      ),
      stderr: '',
    });
    const third = newUser();
    const viaStdin = await third.run(['login', '-', '--json'], { input: `${token}\n` });
    expect(JSON.parse(viaStdin.stdout)).toMatchObject({
      kind: 'mailbox',
      mailboxes: [{ address }],
    });
    expect((await third.run(['whoami'])).stdout).toContain(`${address}  expires`);
    // Each window of the limit, the hour's and the minute's.
    expect((await third.run(['whoami'])).stdout).toMatch(
      /^Rate limit: \d+ of \d+ requests an hour left, resets in .+; \d+ of \d+ requests a minute left, resets in .+$/m,
    );

    const refused = await newUser().run(['login', 'not-a-token']);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toMatch(/tempmail new/);
  });

  it('manages webhooks with a Pro API token: add, list, test, log, delete', async () => {
    const user = newUser();
    expect(await user.run(['webhook', 'list'])).toMatchObject({ code: 6, stdout: '' });
    await user.run(['login', await buyProApiToken(server.url, 'cli-hooks@example.com')]);

    // The server runs with its defaults: loopback is refused, said in one line.
    const refused = await user.run(['webhook', 'add', 'http://127.0.0.1:9/hook']);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/private, loopback or link-local/);

    const added = await user.run(['webhook', 'add', 'https://hooks.example.com/tempmail']);
    expect(added.code).toBe(0);
    const [id, secret] = added.stdout.trimEnd().split('\t');
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(secret).toMatch(/^whsec_/);
    // Through a pipe, as every list: tab-separated lines, no header.
    expect(await user.run(['webhook', 'list'])).toEqual({
      code: 0,
      stdout: `${id}\tall\ton\thttps://hooks.example.com/tempmail\n`,
      stderr: '',
    });

    expect((await user.run(['webhook', 'test', id!])).stdout).toMatch(/^Queued test delivery /);
    const log = JSON.parse((await user.run(['webhook', 'log', id!, '--json'])).stdout);
    expect(log.deliveries).toMatchObject([{ event: 'webhook.test' }]);
    const logLines = (await user.run(['webhook', 'log', id!])).stdout.split('\n');
    expect(logLines).toEqual([expect.any(String), '']);
    // Time (ISO 8601), event, status, tries, answer, ms; the delivery may be tried meanwhile.
    const fields = logLines[0]!.split('\t');
    expect(fields).toHaveLength(6);
    expect(fields.slice(0, 2)).toEqual([log.deliveries[0].createdAt, 'webhook.test']);
    expect(await user.run(['webhook', 'delete', id!])).toMatchObject({
      code: 0,
      stdout: `Deleted webhook ${id}.\n`,
    });
    expect(await user.run(['webhook', 'nope'])).toMatchObject({ code: 2 });
  }, 60_000);

  it('logs in with a Pro API token: Pro mailboxes, with an alias', async () => {
    const user = newUser();
    const token = await buyProApiToken(server.url, 'cli@example.com');
    const login = await user.run(['login', token]);
    expect(login).toMatchObject({ code: 0, stderr: '' });
    expect(login.stdout).toMatch(/^Logged in with a Pro API token \(pro_24hr, Pro until .+\)\.\n$/);

    const alias = `cli${Date.now().toString(36)}`;
    expect(await user.run(['new', '--alias', alias])).toEqual({
      code: 0,
      stdout: `${alias}@tempmail.test\n`,
      stderr: '',
    });
    const me = JSON.parse((await user.run(['whoami', '--json'])).stdout);
    expect(me).toMatchObject({
      kind: 'api_token',
      isPro: true,
      mailboxes: [{ address: `${alias}@tempmail.test` }],
    });
    // Another mailbox becomes the current one; --mailbox still reads the alias's mail.
    const other = (await user.run(['new'])).stdout.trim();
    await send({ to: `${alias}@tempmail.test`, subject: 'For the alias', text: 'Hello.' });
    const aliasInbox = await user.run(['inbox', '--mailbox', `${alias}@tempmail.test`]);
    expect(aliasInbox).toMatchObject({ code: 0, stderr: '' });
    expect(aliasInbox.stdout).toMatch(/\tno-reply@shop\.example\tFor the alias\n$/);
    expect(await user.run(['inbox'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(other).toMatch(/@tempmail\.test$/);

    const taken = await user.run(['new', '--alias', alias]);
    expect(taken).toMatchObject({ code: 1, stdout: '' });
    expect(taken.stderr).toBe(
      'The email address is already taken. Please try a different alias.\n',
    );

    // Without a Pro API token the alias is refused here, saying what it needs.
    expect(await newUser().run(['new', '--alias', 'nope'])).toEqual({
      code: 6,
      stdout: '',
      stderr:
        "--alias needs a Pro API token: run 'tempmail login tm_…' with the token from your Pro profile.\n",
    });
  });

  it('opens a message of any of the Pro mailboxes: --mailbox, or the API token after a 404', async () => {
    const user = newUser();
    await user.run(['login', await buyProApiToken(server.url, 'cli-mailboxes@example.com')]);
    const first = (await user.run(['new'])).stdout.trim();
    await send({
      to: first,
      subject: 'For the first',
      text: 'Hello.',
      attachments: [{ filename: 'note.txt', content: 'A note' }],
    });
    const id = JSON.parse((await user.run(['wait', '--json', '--timeout', '10'])).stdout).id;
    // Another mailbox becomes the current one: its token cannot open the first one's mail.
    expect((await user.run(['new'])).code).toBe(0);
    expect((await user.run(['inbox', '--mailbox', first])).stdout).toMatch(new RegExp(`^${id}\t`));

    const read = await user.run(['read', id]);
    expect(read).toMatchObject({ code: 0, stderr: '' });
    expect(read.stdout).toContain('Subject: For the first\n');
    expect(await user.run(['read', id, '--text', '--mailbox', first])).toEqual({
      code: 0,
      stdout: 'Hello.\n',
      stderr: '',
    });
    expect(await user.run(['mark', id, '--unread', '--mailbox', first])).toEqual({
      code: 0,
      stdout: `Marked ${id} unread.\n`,
      stderr: '',
    });
    expect(await user.run(['mark', id])).toMatchObject({ code: 0, stdout: `Marked ${id} read.\n` });
    const listed = await user.run(['attachments', id]);
    expect(listed.stdout.split('\t').slice(1)).toEqual(['note.txt', 'text/plain', '6\n']);
    expect((await user.run(['attachments', id, '--mailbox', first])).stdout).toBe(listed.stdout);
    expect(await user.run(['delete', id, '--mailbox', first])).toEqual({
      code: 0,
      stdout: `Deleted ${id}.\n`,
      stderr: '',
    });
    // Gone for both tokens: the 404 the retry met is the one reported.
    expect(await user.run(['delete', id])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Message not found.\n',
    });
  }, 60_000);

  it('names a refused Pro API token; logout --token forgets it alone, logout everything', async () => {
    const { user, address } = await userWithMailbox();
    const { mailbox } = JSON.parse(fs.readFileSync(user.configFile, 'utf8')).servers[server.url];
    // A token the server does not know, as it answers a revoked one.
    storeCredentials(user, server.url, { apiToken: 'tm_revoked0000000000', mailbox });
    expect(await user.run(['new'])).toEqual({
      code: 6,
      stdout: '',
      stderr:
        "The bearer token is invalid or has expired. The server refused the stored Pro API token: store a new one with 'tempmail login TOKEN', or drop it with 'tempmail logout --token'.\n",
    });
    // The mailbox's own token still reads it, and forgetting the token alone keeps it.
    expect(await user.run(['logout', '--token'])).toEqual({
      code: 0,
      stdout: `Forgot the Pro API token for ${server.url}.\n`,
      stderr: '',
    });
    expect(await user.run(['inbox'])).toEqual({ code: 0, stdout: '', stderr: '' });
    storeCredentials(user, server.url, { apiToken: 'tm_revoked0000000000', mailbox });

    expect(await user.run(['logout'])).toEqual({
      code: 0,
      stdout: `Forgot the Pro API token and the current mailbox ${address} for ${server.url}.\n`,
      stderr: '',
    });
    expect(JSON.parse(fs.readFileSync(user.configFile, 'utf8')).servers[server.url]).toEqual({});
    expect(await user.run(['logout', '--json'])).toEqual({
      code: 0,
      stdout: '{"apiToken":false,"mailbox":null}\n',
      stderr: '',
    });
    expect((await user.run(['new'])).code).toBe(0);
  });

  it('stops watch with the error the other commands print, not in silence', async () => {
    // A server whose every answer is a 500, as a broken deploy's.
    const broken = http.createServer((_request, response) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 'internal_error', message: 'Something broke.' }));
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    try {
      const user = newUser();
      const mailbox = {
        address: 'x@tempmail.test',
        token: 'any',
        expiresAt: new Date(Date.now() + 3_600_000),
      };
      storeCredentials(user, url, { mailbox });
      const inbox = await user.run(['inbox', '--server', url]);
      expect(inbox).toEqual({ code: 1, stdout: '', stderr: 'Something broke.\n' });
      expect(await user.run(['watch', '--server', url], { timeout: 15_000 })).toEqual(inbox);
    } finally {
      broken.closeAllConnections();
      await new Promise((resolve) => broken.close(resolve));
    }
  });

  it('says what is wrong in one line: no mailbox, refused token, server unreachable', async () => {
    expect(await newUser().run(['inbox'])).toEqual({
      code: 6,
      stdout: '',
      stderr: `No mailbox yet for ${server.url}: run 'tempmail new' (or 'tempmail login TOKEN').\n`,
    });

    const forged = newUser();
    const store = (expiresAt: number) => {
      const mailbox = {
        address: 'x@tempmail.test',
        token: 'forged',
        expiresAt: new Date(expiresAt),
      };
      fs.mkdirSync(forged.configDir, { recursive: true });
      fs.writeFileSync(
        forged.configFile,
        JSON.stringify({ servers: { [server.url]: { mailbox } } }),
      );
    };
    store(Date.now() + 3_600_000);
    const refused = await forged.run(['inbox']);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toMatch(
      /^[^\n]+ run 'tempmail new' for a new address, or 'tempmail login TOKEN'\.\n$/,
    );
    store(Date.now() - 5_400_000);
    expect(await forged.run(['inbox'])).toEqual({
      code: 6,
      stdout: '',
      stderr:
        "The mailbox x@tempmail.test expired 90 min ago: run 'tempmail new' for a new address.\n",
    });

    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await newUser().run(['domains', '--server', nowhere]);
    expect(unreachable.code).toBe(7);
    expect(unreachable.stderr).toMatch(
      new RegExp(`^Cannot reach the TempMail server at ${nowhere} \\(connect ECONNREFUSED`),
    );
    // watch, which rides out a server that goes away, says at once when there is none.
    const lost = newUser();
    fs.mkdirSync(lost.configDir, { recursive: true });
    const mailbox = {
      address: 'x@tempmail.test',
      token: 'any',
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    fs.writeFileSync(lost.configFile, JSON.stringify({ servers: { [nowhere]: { mailbox } } }));
    const watching = await lost.run(['watch', '--server', nowhere]);
    expect(watching.code).toBe(7);
    expect(watching.stderr).toMatch(/^Cannot reach the TempMail server at /);
    // A wait tries until its timeout, then says the server was what it could not reach.
    const waiting = await lost.run(['wait', '--server', nowhere, '--timeout', '1']);
    expect(waiting.code).toBe(7);
    expect(waiting.stderr).toMatch(
      new RegExp(
        `^No matching message arrived within 1 s: the TempMail server at ${nowhere} could not be reached \\(connect ECONNREFUSED`,
      ),
    );
  });

  it('reports the rate limit with the wait the server asks for', async () => {
    const { user } = await userWithMailbox();
    const { token } = JSON.parse(fs.readFileSync(user.configFile, 'utf8')).servers[server.url]
      .mailbox;
    for (let i = 0; i < 25; i++) {
      await fetch(`${server.url}/v1/domains`, { headers: { Authorization: `Bearer ${token}` } });
    }
    const limited = await user.run(['inbox']);
    expect(limited.code).toBe(5);
    expect(limited.stderr).toMatch(/^Rate limited: try again in \d+ (s|min)\.\n$/);
    // The hour's budget is spent: watch says so too, rather than wait an hour in silence.
    const watched = await user.run(['watch'], { timeout: 15_000 });
    expect(watched).toEqual({ code: 5, stdout: '', stderr: limited.stderr });
  });
});
