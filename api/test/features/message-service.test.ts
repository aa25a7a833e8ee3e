// The message service over each storage back end: what every surface reads and changes,
// and that each change is announced exactly once (and reads announce nothing).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMessageService,
  type MessageService,
} from '../../src/features/messages/create-message-service.js';
import type { MailboxEvent, ParsedMessage } from '../../src/features/messages/message-types.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { saveParsed, storeReceived } from '../support/commit-messages.js';
import { testBackends, type TestDatabase } from '../support/test-databases.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const HOUR = 3_600_000;
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

function parsed(subject: string, attachment?: string): ParsedMessage {
  return {
    state: 'parsed',
    msgid: null,
    from: { name: 'Shop', address: 'shop@sender.example' },
    to: [{ name: '', address: 'someone@tempmail.test' }],
    cc: [],
    bcc: [],
    subject,
    intro: subject,
    text: subject,
    html: '',
    parseError: null,
    codes: [],
    links: [],
    attachments:
      attachment === undefined
        ? []
        : [
            {
              filename: 'a.txt',
              contentType: 'text/plain',
              disposition: 'attachment',
              contentId: null,
              content: bytes(attachment),
            },
          ],
  };
}

describe.each(testBackends)('message service on $name', (backend) => {
  let database: TestDatabase;
  let repos: Repositories;
  let service: MessageService;
  let published: MailboxEvent[];
  let now = T0;
  let counter = 0;

  beforeAll(async () => {
    database = await backend.open();
    repos = createRepositories(database.storage);
    service = createMessageService({
      store: repos.messages,
      events: { publish: (event) => published.push(event) },
      now: () => now,
    });
  });
  afterAll(() => database?.dispose());
  beforeEach(() => {
    published = [];
  });

  const newMailbox = () =>
    repos.mailboxes.create({
      address: `box${++counter}@tempmail.test`,
      passwordHash: 'hash',
      ownerUserId: null,
      now: T0,
      expiresAt: T0 + HOUR,
    });

  /** Parsed messages received one millisecond apart, oldest first; then no event heard yet. */
  async function deliver(mailboxId: string, subjects: string[], attachment?: string) {
    const ids = await storeReceived(
      repos.messages,
      subjects.map((subject, index) => ({
        mailboxId,
        raw: bytes(`Subject: ${subject}\r\n\r\n${subject}`),
        receivedAt: T0 + index,
      })),
    );
    await saveParsed(
      repos.messages,
      ids.map((id, index) => ({ id, parsed: parsed(subjects[index]!, attachment) })),
      T0,
    );
    published = [];
    return ids;
  }

  it('lists newest first with totals, pages and a cursor, and announces nothing', async () => {
    const box = await newMailbox();
    const other = await newMailbox();
    const ids = await deliver(box.id, ['one', 'two', 'three']);
    const [pending] = await storeReceived(repos.messages, [
      { mailboxId: box.id, raw: bytes('Subject: later'), receivedAt: T0 + 9 },
    ]);

    const all = await service.list([box.id], { limit: 10 });
    expect(all.messages.map((message) => message.id)).toEqual([pending, ...ids.toReversed()]);
    expect(all.total).toBe(4);
    const parsedOnly = await service.list([box.id], { limit: 1, offset: 1, parsedOnly: true });
    expect(parsedOnly).toEqual({
      messages: [expect.objectContaining({ id: ids[1], subject: 'two' })],
      total: 3,
    });
    const older = await service.list([box.id], { limit: 10, parsedOnly: true, before: ids[2] });
    expect(older?.messages.map((message) => message.id)).toEqual([ids[1], ids[0]]);
    expect(older?.total).toBe(3);
    // A cursor from a mailbox the caller cannot see is unknown, not an empty page.
    expect(await service.list([other.id], { limit: 10, before: ids[2] })).toBeUndefined();
    expect(await service.list([], { limit: 10 })).toEqual({ messages: [], total: 0 });

    const since = await service.listSince([box.id], { receivedAt: T0, id: ids[0]! }, 10);
    expect(since.map((message) => message.id)).toEqual([ids[1], ids[2]]);
    expect(published).toEqual([]);
  });

  it('reads a message, marking it seen only when asked, and announces that once', async () => {
    const box = await newMailbox();
    const other = await newMailbox();
    const [id] = await deliver(box.id, ['hello']);

    expect(await service.read(id!, [box.id])).toMatchObject({ id, seen: false, text: 'hello' });
    expect(await service.read(id!, [other.id], { markSeen: true })).toBeUndefined();
    expect(published).toEqual([]);

    now = T0 + 10;
    const read = await service.read(id!, [box.id], { markSeen: true });
    expect(read).toMatchObject({ id, seen: true });
    expect(published).toEqual([{ type: 'message.updated', mailboxId: box.id, message: read }]);
    expect((await repos.mailboxes.findById(box.id))?.listChangedAt).toBe(T0 + 10);

    // Already seen: nothing changes, nothing is announced.
    expect(await service.read(id!, [box.id], { markSeen: true })).toMatchObject({ seen: true });
    expect(published).toHaveLength(1);
  });

  it('marks seen and unseen, announcing each change once', async () => {
    const box = await newMailbox();
    const other = await newMailbox();
    const [id] = await deliver(box.id, ['flag me']);

    const seen = await service.setSeen(id!, [box.id], true);
    expect(seen).toMatchObject({ id, seen: true, subject: 'flag me' });
    expect(published).toEqual([{ type: 'message.updated', mailboxId: box.id, message: seen }]);
    const unseen = await service.setSeen(id!, [box.id], false);
    expect(unseen).toMatchObject({ seen: false });
    expect(published).toHaveLength(2);
    expect(published[1]).toEqual({ type: 'message.updated', mailboxId: box.id, message: unseen });

    expect(await service.setSeen(id!, [other.id], true)).toBeUndefined();
    expect(await service.setSeen('f'.repeat(24), [box.id], true)).toBeUndefined();
    expect(published).toHaveLength(2);
    expect((await service.read(id!, [box.id]))?.seen).toBe(false);
  });

  it('deletes one message, announcing it once with the message as it was', async () => {
    const box = await newMailbox();
    const other = await newMailbox();
    const [id] = await deliver(box.id, ['bye']);
    const before = await service.read(id!, [box.id]);

    expect(await service.delete(id!, [other.id])).toBe(false);
    expect(published).toEqual([]);
    expect(await service.delete(id!, [box.id])).toBe(true);
    expect(published).toEqual([{ type: 'message.deleted', mailboxId: box.id, message: before }]);
    expect(await service.read(id!, [box.id])).toBeUndefined();
    expect(await service.delete(id!, [box.id])).toBe(false);
    expect(published).toHaveLength(1);
  });

  it('deletes many, only the caller’s, announcing each deleted message once', async () => {
    const box = await newMailbox();
    const second = await newMailbox();
    const other = await newMailbox();
    const mine = await deliver(box.id, ['a', 'b']);
    const [alsoMine] = await deliver(second.id, ['c']);
    const [theirs] = await deliver(other.id, ['d']);

    const deleted = await service.deleteMany(
      [...mine, alsoMine!, theirs!, mine[0]!],
      [box.id, second.id],
    );
    expect(deleted.toSorted()).toEqual([...mine, alsoMine!].toSorted());
    expect(published.every((event) => event.type === 'message.deleted')).toBe(true);
    expect(
      published.map((event) => [event.message.id, event.mailboxId, event.message.subject]).sort(),
    ).toEqual(
      [
        [mine[0], box.id, 'a'],
        [mine[1], box.id, 'b'],
        [alsoMine, second.id, 'c'],
      ].sort(),
    );
    expect(await service.read(theirs!, [other.id])).toBeDefined();

    expect(await service.deleteMany(mine, [box.id])).toEqual([]);
    expect(await service.deleteMany([theirs!], [])).toEqual([]);
    expect(published).toHaveLength(3);
  });

  it('gives the raw source, attachments and bytes used, and announces nothing', async () => {
    const box = await newMailbox();
    const other = await newMailbox();
    const [id] = await deliver(box.id, ['files'], 'attached');
    const attachmentId = (await service.read(id!, [box.id]))!.attachments[0]!.id;

    expect(Buffer.from((await service.readSource(id!, [box.id]))!).toString()).toBe(
      'Subject: files\r\n\r\nfiles',
    );
    expect(await service.readSource(id!, [other.id])).toBeUndefined();
    const attachment = await service.readAttachment(id!, attachmentId, [box.id]);
    expect(attachment).toMatchObject({ filename: 'a.txt', size: 8 });
    expect(Buffer.from(attachment!.content).toString()).toBe('attached');
    expect(await service.readAttachment(id!, attachmentId, [other.id])).toBeUndefined();
    expect(await service.usedBytes(box.id)).toBe('Subject: files\r\n\r\nfiles'.length);
    expect(await service.usedBytes(other.id)).toBe(0);
    expect(published).toEqual([]);
  });
});
