// Custom addresses that end (issue 23, item 5), over real SMTP on 127.0.0.1: made through the
// product API, then mailed. One that ends with its first message takes exactly one, whether
// the second comes after it or alongside it; one that ends at a time refuses mail from then
// on, by the server's clock (moved by the test, never waited for).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyPro, type TestBrowser } from '../support/browser.js';
import { startTestMailServer, type TestMailServer } from '../support/mail-server.js';
import {
  SmtpClient,
  ehlo,
  greeting,
  mailFrom,
  playDialogue,
  type DialogueStep,
} from '../../../tests/support/smtp-client.js';

const HOUR = 3_600_000;
const ENDED = [550, /^550 5\.1\.1 Recipient address rejected: this address has ended$/] as [
  number,
  RegExp,
];

let server: TestMailServer;
let pro: TestBrowser;
let counter = 0;

beforeAll(async () => {
  server = await startTestMailServer();
  pro = await buyPro(server.httpUrl, 'endings@example.com');
});
afterAll(() => server?.close());

async function createAlias(ending: { endsAt?: string; endsAfterFirstMessage?: boolean }) {
  const { body } = await pro
    .post('/api/create-custom-email', {
      alias: `ends${++counter}`,
      domain: 'tempmail.test',
      ...ending,
    })
    .expect(201);
  return body.address as string;
}

const rcpt = (address: string, expect: DialogueStep['expect']): DialogueStep => ({
  send: `RCPT TO:<${address}>`,
  expect,
});
const message = (subject: string) =>
  `From: Shop <sender@shop.example>\r\nSubject: ${subject}\r\n\r\nHello.\r\n.`;
const data = (subject: string): DialogueStep[] => [
  { send: 'DATA', expect: 354 },
  { send: message(subject), expect: [250, /^250 2\.0\.0 Ok: queued as /] },
];

async function dialogue(steps: DialogueStep[]) {
  const client = await SmtpClient.connect(server.smtpPort);
  try {
    return await playDialogue(client, steps);
  } finally {
    client.close();
  }
}

/** How GET /api/addresses lists the address now. */
async function listed(address: string) {
  const { body } = await pro.get('/api/addresses').expect(200);
  return (body.addresses as { address: string; ended: boolean }[]).find(
    (entry) => entry.address === address,
  );
}

async function subjectsTo(address: string): Promise<string[]> {
  await server.ingest.drain();
  const { body } = await pro.get('/api/messages-all').expect(200);
  return (body.messages as { mailbox: string; subject: string }[])
    .filter((entry) => entry.mailbox === address)
    .map((entry) => entry.subject);
}

describe('an address that ends with its first message', () => {
  it('takes the first message, then refuses the next at RCPT, in the same session', async () => {
    const address = await createAlias({ endsAfterFirstMessage: true });
    expect((await listed(address))?.ended).toBe(false);
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      rcpt(address, 250),
      ...data('the one'),
      mailFrom,
      rcpt(address, ENDED),
      { send: 'RSET', expect: 250 },
    ]);
    // Another session, straight after: no cache lets it through.
    await dialogue([greeting, ehlo, mailFrom, rcpt(address, ENDED)]);
    expect((await listed(address))?.ended).toBe(true);
    // Its mail stays readable.
    expect(await subjectsTo(address)).toEqual(['the one']);
  });

  it('stores exactly one of two messages in flight together; the other is refused after DATA', async () => {
    const address = await createAlias({ endsAfterFirstMessage: true });
    const clients = await Promise.all([1, 2].map(() => SmtpClient.connect(server.smtpPort)));
    try {
      // Both are past RCPT before either is stored.
      await Promise.all(
        clients.map((client) =>
          playDialogue(client, [
            greeting,
            ehlo,
            mailFrom,
            rcpt(address, 250),
            { send: 'DATA', expect: 354 },
          ]),
        ),
      );
      await Promise.all(
        clients.map((client, index) => client.write(`${message(`racer ${index}`)}\r\n`)),
      );
      const replies = await Promise.all(clients.map((client) => client.reply()));
      const codes = replies.map((reply) => reply.code).sort();
      expect(codes).toEqual([250, 550]);
      expect(replies.find((reply) => reply.code === 550)?.text).toMatch(ENDED[1]);
    } finally {
      for (const client of clients) client.close();
    }
    expect(await subjectsTo(address)).toHaveLength(1);
  });

  it('keeps mail to the message’s other recipients when one of them has ended', async () => {
    const ended = await createAlias({ endsAfterFirstMessage: true });
    const lasting = await createAlias({});
    await dialogue([greeting, ehlo, mailFrom, rcpt(ended, 250), ...data('first')]);
    await dialogue([
      greeting,
      ehlo,
      mailFrom,
      rcpt(ended, ENDED),
      rcpt(lasting, 250),
      ...data('second'),
    ]);
    expect(await subjectsTo(ended)).toEqual(['first']);
    expect(await subjectsTo(lasting)).toEqual(['second']);
  });
});

describe('an address that ends at a time', () => {
  it('takes mail until then and refuses it from then on, the same session included', async () => {
    const address = await createAlias({
      endsAt: new Date(server.services.now() + HOUR).toISOString(),
    });
    const client = await SmtpClient.connect(server.smtpPort);
    try {
      await playDialogue(client, [
        greeting,
        ehlo,
        mailFrom,
        rcpt(address, 250),
        ...data('in time'),
      ]);
      server.advance(HOUR - 1);
      await playDialogue(client, [mailFrom, rcpt(address, 250), { send: 'RSET', expect: 250 }]);
      server.advance(1);
      await playDialogue(client, [mailFrom, rcpt(address, ENDED)]);
    } finally {
      client.close();
    }
    expect((await listed(address))?.ended).toBe(true);
    expect(await subjectsTo(address)).toEqual(['in time']);
  });

  it('refuses a message whose time ran out between RCPT and the end of its DATA', async () => {
    const address = await createAlias({
      endsAt: new Date(server.services.now() + HOUR).toISOString(),
    });
    const client = await SmtpClient.connect(server.smtpPort);
    try {
      await playDialogue(client, [
        greeting,
        ehlo,
        mailFrom,
        rcpt(address, 250),
        { send: 'DATA', expect: 354 },
      ]);
      server.advance(HOUR);
      await playDialogue(client, [{ send: message('too late'), expect: ENDED }]);
    } finally {
      client.close();
    }
    expect(await subjectsTo(address)).toEqual([]);
  });
});
