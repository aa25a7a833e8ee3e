// The contact form's mail: it goes only to the operator's SUPPORT_EMAIL (never to a default
// on our own domains, which anyone could register), and what the writer types cannot add
// recipients or Reply-To entries to it.
import PostalMime from 'postal-mime';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/browser.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';
import { buildTestApp, createTestServices } from '../support/test-services.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await testBackends[0]!.open();
});
afterAll(() => database?.dispose());

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Forwarding',
  message: 'My forwarding is pending.',
};

/** A server of its own (the contact form allows 5 messages an hour per IP). */
function startServer(env: NodeJS.ProcessEnv = {}) {
  const test = createTestServices(database, env);
  const app = buildTestApp(test.services);
  const submit = (body: object) =>
    request(app)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send({ ...contact, ...body })
      .expect(202);
  return { ...test, submit };
}

/** The header lines of an .eml as written, each folded header on one line. */
function headerLines(eml: string): string[] {
  const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
}

describe('contact mail', () => {
  it('is only stored when no SUPPORT_EMAIL is set, not mailed to support@ our domain', async () => {
    const server = startServer({ MAIL_DOMAINS: 'tempmail.test' });
    expect(server.services.config.outbound.supportEmail).toBeUndefined();
    await server.submit({ email: 'stored-only@example.com' });
    expect(server.outbox()).toEqual([]);
    expect(await server.stores.contact.countByEmailSince('stored-only@example.com', 0)).toBe(1);
  });

  it('keeps names with addresses or line breaks a display name of the writer’s address', async () => {
    const server = startServer({ SUPPORT_EMAIL: 'help@operator.example' });
    const names = [
      'Eve <eve@evil.test>, victim@x.test',
      'Eve\r\nBcc: x@y.test',
      'Eve\nReply-To: eve@evil.test',
      'Eve\u0000\u001b, "Mallory" <m@evil.test>; Cc: c@evil.test',
    ];
    for (const name of names) await server.submit({ name });
    const mails = server.outbox();
    expect(mails).toHaveLength(names.length);
    for (const [index, { text }] of mails.entries()) {
      const parsed = await PostalMime.parse(text);
      expect(parsed.to, names[index]).toEqual([{ address: 'help@operator.example', name: '' }]);
      expect(parsed.cc, names[index]).toBeUndefined();
      expect(parsed.bcc, names[index]).toBeUndefined();
      expect(parsed.replyTo, names[index]).toHaveLength(1);
      expect(parsed.replyTo![0]!.address, names[index]).toBe('ada@example.com');
      expect(parsed.replyTo![0]!.name, names[index]).not.toMatch(/\p{Cc}/u);
      const lines = headerLines(text);
      expect(
        lines.filter((line) => /^(cc|bcc):/i.test(line)),
        names[index],
      ).toEqual([]);
      expect(
        lines.filter((line) => /^reply-to:/i.test(line)),
        names[index],
      ).toHaveLength(1);
      expect(
        lines.filter((line) => /^to:/i.test(line)),
        names[index],
      ).toEqual(['To: help@operator.example']);
    }
    // The name is still there to read, all of it, on one line.
    const first = await PostalMime.parse(mails[0]!.text);
    expect(first.replyTo![0]!.name).toBe('Eve <eve@evil.test>, victim@x.test');
    const second = await PostalMime.parse(mails[1]!.text);
    expect(second.replyTo![0]!.name).toBe('Eve Bcc: x@y.test');
  });

  it('keeps a subject with line breaks on its own header line', async () => {
    const server = startServer({ SUPPORT_EMAIL: 'help@operator.example' });
    await server.submit({ subject: 'Help\r\nBcc: x@y.test\r\nX-Injected: yes' });
    const [mail] = server.outbox();
    const lines = headerLines(mail!.text);
    expect(lines.filter((line) => /^(bcc|x-injected):/i.test(line))).toEqual([]);
    const parsed = await PostalMime.parse(mail!.text);
    expect(parsed.subject).toBe('[Contact/general/medium] Help Bcc: x@y.test X-Injected: yes');
  });
});
