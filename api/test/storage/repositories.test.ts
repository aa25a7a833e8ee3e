// The storage conformance suite: the same tests, unchanged, on every database back end, against
// the stores features/ declares (features/stores.ts) and the ingest write path.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../src/features/duplicate-key-error.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import type { ParsedMessage } from '../../src/features/messages/message-types.js';
import { CONTENT_PIECE_BYTES } from '../../src/storage/split-content.js';
import { saveParsed, storeReceived } from '../support/commit-messages.js';
import { postgresSkipReason, testBackends, type TestDatabase } from '../support/test-databases.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
/** Content of `length` bytes in which every piece differs, so a piece out of order shows. */
const patterned = (length: number) => {
  const content = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) content[i] = (i * 7 + (i >> 20)) & 255;
  return content;
};

let counter = 0;
/** A unique address per call, so tests in one database never collide. */
const uniqueAddress = (prefix = 'box') => `${prefix}${++counter}x${T0 % 1000}@tempmail.test`;

function parsed(overrides: Partial<ParsedMessage> = {}): ParsedMessage {
  return {
    state: 'parsed',
    msgid: '<abc@sender.example>',
    from: { name: 'Shop', address: 'shop@sender.example' },
    to: [{ name: '', address: 'someone@tempmail.test' }],
    cc: [{ name: 'Cc', address: 'cc@sender.example' }],
    bcc: [],
    subject: 'Your code',
    intro: 'Your code is 123456',
    text: 'Your code is 123456',
    html: '<p>Your code is <b>123456</b></p>',
    parseError: null,
    codes: [{ value: '123456', context: 'Your code is 123456' }],
    links: [
      { url: 'https://sender.example/verify', text: 'Verify', kind: 'verify', primary: true },
      { url: 'https://sender.example/help', text: 'Help', kind: 'other', primary: false },
    ],
    attachments: [],
    ...overrides,
  };
}

if (postgresSkipReason !== undefined) {
  const reason = postgresSkipReason;
  describe('storage on PostgreSQL', () => {
    it.skip(reason, () => undefined);
  });
  console.warn(reason);
}

describe.each(testBackends)('storage on $name', (backend) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    database = await backend.open();
    repos = createRepositories(database.storage);
  });
  afterAll(() => database?.dispose());

  const saveOne = (id: string, result: ParsedMessage) =>
    saveParsed(repos.messages, [{ id, parsed: result }]);

  async function newMailbox(options: { owner?: string | null; expiresAt?: number } = {}) {
    return repos.mailboxes.create({
      address: uniqueAddress(),
      passwordHash: 'hash',
      ownerUserId: options.owner ?? null,
      now: T0,
      expiresAt: options.expiresAt ?? T0 + HOUR,
    });
  }

  describe('migrations', () => {
    it('are already applied and running them again changes nothing', async () => {
      await migrateToLatest(database.storage);
      const rows = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(database.storage.db);
      expect(rows.rows.map((row) => row.name)).toEqual([
        '0001-initial-schema',
        '0002-forwarding-deliveries',
        '0003-messages-received-index',
        '0004-mailbox-list-version',
        '0005-user-reference-indexes',
        '0006-content-chunks',
        '0007-account-links',
        '0008-message-extraction',
        '0009-alias-endings',
        '0010-webhooks',
        '0011-message-tls',
        '0012-forwarding-language',
        '0013-mailbox-token-generation',
      ]);
    });
  });

  describe('users', () => {
    it('creates anonymous free users and finds them', async () => {
      const user = await repos.users.createAnonymous(T0);
      expect(user.id).toMatch(/^[0-9a-f]{24}$/);
      expect(user).toMatchObject({ email: null, plan: 'free', proExpiresAt: null });
      expect(await repos.users.findById(user.id)).toEqual(user);
      expect(await repos.users.findById('0'.repeat(24))).toBeUndefined();
    });

    it('updates Pro fields and finds by email case-insensitively', async () => {
      const user = await repos.users.createAnonymous(T0);
      const email = `Buyer${++counter}@Example.com`;
      const updated = await repos.users.update(
        user.id,
        {
          email,
          plan: 'pro_24hr',
          proExpiresAt: T0 + 24 * HOUR,
          stripeCustomerId: `cus_${counter}`,
        },
        T0 + 1,
      );
      expect(updated).toMatchObject({
        email: email.toLowerCase(),
        plan: 'pro_24hr',
        proExpiresAt: T0 + 24 * HOUR,
      });
      expect((await repos.users.findByEmail(email.toUpperCase()))?.id).toBe(user.id);
      expect((await repos.users.findByStripeCustomer(`cus_${counter}`))?.id).toBe(user.id);
    });

    it('deletes abandoned anonymous users in pages, and nobody anything still refers to', async () => {
      // Made long before T0, so the other tests' users (made at T0) are outside the cutoff.
      const made = T0 - 1000 * HOUR;
      const anonymous = () => repos.users.createAnonymous(made);
      const abandoned = [await anonymous(), await anonymous()];
      const expiredSession = await anonymous();
      await repos.sessions.create({
        tokenHash: `gone-${++counter}`,
        userId: expiredSession.id,
        now: made,
        expiresAt: T0 - HOUR,
      });
      const kept: Record<string, string> = {};
      const liveSession = await anonymous();
      await repos.sessions.create({
        tokenHash: `live-${++counter}`,
        userId: liveSession.id,
        now: made,
        expiresAt: T0 + HOUR,
      });
      kept['live session'] = liveSession.id;
      kept['mailbox'] = (await anonymous()).id;
      await newMailbox({ owner: kept['mailbox'] });
      kept['email'] = (await anonymous()).id;
      await repos.users.update(kept['email'], { email: `kept${++counter}@example.com` }, T0);
      kept['lapsed Pro'] = (await anonymous()).id;
      await repos.users.update(kept['lapsed Pro'], { proExpiresAt: made + HOUR }, T0);
      kept['payment'] = (await anonymous()).id;
      await repos.billing.createPayment({
        id: `cs_test_${++counter}`,
        userId: kept['payment'],
        provider: 'demo',
        plan: 'pro_24hr',
        amount: 100,
        currency: 'usd',
        createdAt: made,
      });
      kept['forwarding'] = (await anonymous()).id;
      await repos.forwarding.save(kept['forwarding'], { email: 'me@real.example' }, made);
      kept['too young'] = (await repos.users.createAnonymous(made + 1)).id;

      expect(await repos.users.deleteAbandonedAnonymous(T0, made, 2)).toBe(2);
      expect(await repos.users.deleteAbandonedAnonymous(T0, made, 2)).toBe(1);
      expect(await repos.users.deleteAbandonedAnonymous(T0, made, 2)).toBe(0);
      for (const user of [...abandoned, expiredSession])
        expect(await repos.users.findById(user.id)).toBeUndefined();
      for (const [reason, id] of Object.entries(kept))
        expect(await repos.users.findById(id), reason).toBeDefined();
    });

    it('refuses a purchase email that belongs to another user', async () => {
      const email = `taken${++counter}@example.com`;
      const first = await repos.users.createAnonymous(T0);
      const second = await repos.users.createAnonymous(T0);
      await repos.users.update(first.id, { email }, T0);
      await expect(repos.users.update(second.id, { email }, T0)).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });
  });

  describe('sessions', () => {
    it('finds live sessions only, and deletes them', async () => {
      const user = await repos.users.createAnonymous(T0);
      const hash = `session-${++counter}`;
      await repos.sessions.create({
        tokenHash: hash,
        userId: user.id,
        now: T0,
        expiresAt: T0 + HOUR,
      });
      expect(await repos.sessions.findUserId(hash, T0)).toBe(user.id);
      expect(await repos.sessions.findUserId(hash, T0 + HOUR)).toBeUndefined();
      // A second save of the same token (two first writes racing) keeps the first.
      await repos.sessions.create({ tokenHash: hash, userId: user.id, now: T0, expiresAt: T0 + 1 });
      expect(await repos.sessions.findUserId(hash, T0 + 2)).toBe(user.id);
      await repos.sessions.delete(hash);
      expect(await repos.sessions.findUserId(hash, T0)).toBeUndefined();
    });

    it('purges expired sessions', async () => {
      const user = await repos.users.createAnonymous(T0);
      const hash = `old-${++counter}`;
      await repos.sessions.create({ tokenHash: hash, userId: user.id, now: T0, expiresAt: T0 + 1 });
      expect(await repos.sessions.deleteExpired(T0 + 2)).toBeGreaterThanOrEqual(1);
      expect(await repos.sessions.findUserId(hash, T0)).toBeUndefined();
    });
  });

  describe('mailboxes and aliases', () => {
    it('creates mailboxes with lower-cased unique addresses', async () => {
      const address = uniqueAddress('Mixed');
      const mailbox = await repos.mailboxes.create({
        address,
        passwordHash: 'h',
        ownerUserId: null,
        now: T0,
        expiresAt: T0 + HOUR,
      });
      expect(mailbox.address).toBe(address.toLowerCase());
      expect(await repos.mailboxes.findByAddress(address.toUpperCase())).toEqual(mailbox);
      expect(await repos.mailboxes.findById(mailbox.id)).toEqual(mailbox);
      await expect(
        repos.mailboxes.create({
          address: address.toUpperCase(),
          passwordHash: 'h',
          ownerUserId: null,
          now: T0,
          expiresAt: T0 + HOUR,
        }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('resolves live recipients by address or alias, never expired ones', async () => {
      const user = await repos.users.createAnonymous(T0);
      const mailbox = await newMailbox({ owner: user.id });
      const aliasAddress = uniqueAddress('alias');
      await repos.aliases.create({
        address: aliasAddress,
        mailboxId: mailbox.id,
        userId: user.id,
        createdAt: T0,
      });
      expect((await repos.mailboxes.findLiveRecipient(mailbox.address, T0))?.id).toBe(mailbox.id);
      expect((await repos.mailboxes.findLiveRecipient(aliasAddress.toUpperCase(), T0))?.id).toBe(
        mailbox.id,
      );
      expect(await repos.mailboxes.findLiveRecipient(mailbox.address, T0 + HOUR)).toBeUndefined();
      expect(await repos.mailboxes.findLiveRecipient(uniqueAddress('nobody'), T0)).toBeUndefined();
      expect(await repos.aliases.listByUser(user.id)).toEqual([
        {
          address: aliasAddress.toLowerCase(),
          mailboxId: mailbox.id,
          userId: user.id,
          createdAt: T0,
        },
      ]);
    });

    it('keeps one namespace for mailbox addresses and aliases', async () => {
      const user = await repos.users.createAnonymous(T0);
      const mailbox = await newMailbox({ owner: user.id });
      await expect(
        repos.aliases.create({
          address: mailbox.address,
          mailboxId: mailbox.id,
          userId: user.id,
          createdAt: T0,
        }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      const aliasAddress = uniqueAddress('alias');
      await repos.aliases.create({
        address: aliasAddress,
        mailboxId: mailbox.id,
        userId: user.id,
        createdAt: T0,
      });
      await expect(
        repos.mailboxes.create({
          address: aliasAddress,
          passwordHash: 'h',
          ownerUserId: null,
          now: T0,
          expiresAt: T0 + HOUR,
        }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await repos.aliases.delete(aliasAddress)).toBe(true);
      expect(await repos.aliases.delete(aliasAddress)).toBe(false);
    });

    it('lets exactly one of a racing mailbox and alias claim an address', async () => {
      const user = await repos.users.createAnonymous(T0);
      const home = await newMailbox({ owner: user.id });
      for (let round = 0; round < 10; round += 1) {
        const address = uniqueAddress('race');
        const outcomes = await Promise.allSettled([
          repos.mailboxes.create({
            address,
            passwordHash: 'h',
            ownerUserId: null,
            now: T0,
            expiresAt: T0 + HOUR,
          }),
          repos.aliases.create({ address, mailboxId: home.id, userId: user.id, createdAt: T0 }),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected');
        expect(refused?.reason).toBeInstanceOf(DuplicateKeyError);
      }
    });

    it('lists and re-times the mailboxes a user owns', async () => {
      const user = await repos.users.createAnonymous(T0);
      const first = await newMailbox({ owner: user.id });
      const second = await newMailbox({ owner: user.id });
      const stranger = await newMailbox();
      expect((await repos.mailboxes.listByOwner(user.id)).map((m) => m.id).sort()).toEqual(
        [first.id, second.id].sort(),
      );
      expect(await repos.mailboxes.setExpiryForOwner(user.id, T0 + 24 * HOUR)).toBe(2);
      expect((await repos.mailboxes.findById(first.id))?.expiresAt).toBe(T0 + 24 * HOUR);
      await repos.mailboxes.setOwner(stranger.id, user.id);
      expect(await repos.mailboxes.listByOwner(user.id)).toHaveLength(3);
    });

    it('deletes expired mailboxes with everything they hold', async () => {
      const doomed = await newMailbox({ expiresAt: T0 - 1 });
      const kept = await newMailbox({ expiresAt: T0 + HOUR });
      // Large enough to be stored in pieces: the pieces must go too.
      const [messageId] = await storeReceived(repos.messages, [
        { mailboxId: doomed.id, raw: patterned(CONTENT_PIECE_BYTES + 10), receivedAt: T0 - 10 },
      ]);
      await saveOne(
        messageId!,
        parsed({
          attachments: [
            {
              filename: 'a.bin',
              contentType: 'application/octet-stream',
              disposition: 'attachment',
              contentId: null,
              content: patterned(CONTENT_PIECE_BYTES + 10),
            },
          ],
        }),
      );
      const [attachment] = (await repos.messages.find(messageId!, [doomed.id]))!.attachments;
      const db = database.storage.db;
      const piecesOf = async () => [
        Number(
          (
            await db
              .selectFrom('message_source_chunks')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('message_id', '=', messageId!)
              .executeTakeFirstOrThrow()
          ).n,
        ),
        Number(
          (
            await db
              .selectFrom('attachment_chunks')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('attachment_id', '=', attachment!.id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ];
      expect(await piecesOf()).toEqual([1, 1]);
      const deleted = await repos.mailboxes.deleteExpired(T0, 1000);
      expect(deleted).toBeGreaterThanOrEqual(1);
      expect(await repos.mailboxes.findById(doomed.id)).toBeUndefined();
      expect(await repos.mailboxes.findById(kept.id)).toBeDefined();
      for (const table of [
        'messages',
        'message_sources',
        'message_bodies',
        'attachments',
      ] as const) {
        const column = table === 'messages' ? 'id' : 'message_id';
        const left = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', messageId!)
          .executeTakeFirstOrThrow();
        expect(Number(left.n), `${table} rows left`).toBe(0);
      }
      expect(await piecesOf(), 'pieces left').toEqual([0, 0]);
    });
  });

  describe('messages', () => {
    it('stores a batch in one go and lists it newest first, paged', async () => {
      const mailbox = await newMailbox();
      const ids = await storeReceived(
        repos.messages,
        [1, 2, 3].map((n) => ({
          mailboxId: mailbox.id,
          raw: bytes(`Subject: ${n}\r\n\r\n${n}`),
          receivedAt: T0 + n,
        })),
      );
      expect(ids).toHaveLength(3);
      expect(await repos.messages.count([mailbox.id])).toBe(3);
      const firstPage = await repos.messages.list([mailbox.id], { limit: 2, offset: 0 });
      expect(firstPage.map((m) => m.id)).toEqual([ids[2], ids[1]]);
      expect(firstPage[0]).toMatchObject({
        parseState: 'pending',
        seen: false,
        hasAttachments: false,
        size: 15,
      });
      const secondPage = await repos.messages.list([mailbox.id], { limit: 2, offset: 2 });
      expect(secondPage.map((m) => m.id)).toEqual([ids[0]]);
      expect(await repos.messages.usedBytes(mailbox.id)).toBe(45);
      expect(await repos.messages.list([], { limit: 10, offset: 0 })).toEqual([]);
      expect(await repos.messages.count([])).toBe(0);
    });

    it('saves a parse once, with bodies and attachments', async () => {
      const mailbox = await newMailbox();
      const raw = bytes('Subject: Your code\r\n\r\nYour code is 123456');
      const [id] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw, receivedAt: T0 },
      ]);
      expect(await repos.messages.listPendingParse(1000)).toContainEqual({
        id: id!,
        mailboxId: mailbox.id,
      });
      expect(Buffer.from((await repos.messages.readSourceForParsing(id!))!)).toEqual(
        Buffer.from(raw),
      );

      const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
      const result = parsed({
        attachments: [
          {
            filename: 'logo.png',
            contentType: 'image/png',
            disposition: 'inline',
            contentId: 'logo@x',
            content: image,
          },
          {
            filename: 'notes.txt',
            contentType: 'text/plain',
            disposition: 'attachment',
            contentId: null,
            content: bytes('notes'),
          },
        ],
      });
      expect(await saveParsed(repos.messages, [{ id: id!, parsed: result }])).toEqual([true]);
      expect(
        await saveParsed(repos.messages, [
          { id: id!, parsed: parsed({ subject: 'second parse' }) },
        ]),
      ).toEqual([false]);
      expect(await repos.messages.listPendingParse(1000)).not.toContainEqual({
        id: id!,
        mailboxId: mailbox.id,
      });

      const detail = await repos.messages.find(id!, [mailbox.id]);
      expect(detail).toMatchObject({
        id,
        parseState: 'parsed',
        subject: 'Your code',
        from: { name: 'Shop', address: 'shop@sender.example' },
        to: [{ name: '', address: 'someone@tempmail.test' }],
        cc: [{ name: 'Cc', address: 'cc@sender.example' }],
        text: 'Your code is 123456',
        html: '<p>Your code is <b>123456</b></p>',
        hasAttachments: true,
        seen: false,
        codes: result.codes,
        link: result.links[0],
        links: result.links,
      });
      const [listed] = await repos.messages.list([mailbox.id], { limit: 10, offset: 0 });
      expect(listed).toMatchObject({ codes: result.codes, link: result.links[0] });
      expect(await repos.messages.findCursor(id!, [mailbox.id])).toEqual({ id, receivedAt: T0 });
      expect(await repos.messages.findCursor(id!, ['another-mailbox'])).toBeUndefined();
      expect(detail?.attachments.map((a) => [a.filename, a.size, a.contentId])).toEqual([
        ['logo.png', 6, 'logo@x'],
        ['notes.txt', 5, null],
      ]);
      const logo = await repos.messages.findAttachment(id!, detail!.attachments[0]!.id, [
        mailbox.id,
      ]);
      expect(Buffer.from(logo!.content)).toEqual(Buffer.from(image));
    });

    it('stores large sources and attachments in pieces and reads them back whole', async () => {
      const mailbox = await newMailbox();
      const raw = patterned(Math.round(CONTENT_PIECE_BYTES * 2.5));
      const small = bytes('Subject: small\r\n\r\nsmall');
      const [id, smallId] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw, receivedAt: T0 },
        { mailboxId: mailbox.id, raw: small, receivedAt: T0 },
      ]);
      const file = patterned(CONTENT_PIECE_BYTES * 3 + 1);
      await saveOne(
        id!,
        parsed({
          attachments: [
            {
              filename: 'big.bin',
              contentType: 'application/octet-stream',
              disposition: 'attachment',
              contentId: null,
              content: file,
            },
          ],
        }),
      );
      const db = database.storage.db;
      const sourcePieces = await db
        .selectFrom('message_source_chunks')
        .select(['message_id', 'position'])
        .where('message_id', 'in', [id!, smallId!])
        .orderBy('position')
        .execute();
      expect(sourcePieces.map((piece) => [piece.message_id, piece.position])).toEqual([
        [id, 1],
        [id, 2],
      ]);

      expect(
        Buffer.from((await repos.messages.findSource(id!, [mailbox.id]))!).equals(Buffer.from(raw)),
      ).toBe(true);
      expect(
        Buffer.from((await repos.messages.readSourceForParsing(id!))!).equals(Buffer.from(raw)),
      ).toBe(true);
      expect(
        Buffer.from((await repos.messages.findSource(smallId!, [mailbox.id]))!).equals(
          Buffer.from(small),
        ),
      ).toBe(true);
      const detail = await repos.messages.find(id!, [mailbox.id]);
      const attachmentPieces = await db
        .selectFrom('attachment_chunks')
        .select('position')
        .where('attachment_id', '=', detail!.attachments[0]!.id)
        .orderBy('position')
        .execute();
      expect(attachmentPieces.map((piece) => piece.position)).toEqual([1, 2, 3]);
      expect(detail?.size).toBe(raw.byteLength);
      expect(detail?.attachments[0]?.size).toBe(file.byteLength);
      const stored = await repos.messages.findAttachment(id!, detail!.attachments[0]!.id, [
        mailbox.id,
      ]);
      expect(Buffer.from(stored!.content).equals(Buffer.from(file))).toBe(true);
      expect(await repos.messages.usedBytes(mailbox.id)).toBe(raw.byteLength + small.byteLength);

      // Pieces deleted between the two reads (the message deleted meanwhile): gone, not cut.
      await db.deleteFrom('message_source_chunks').where('message_id', '=', id!).execute();
      expect(await repos.messages.findSource(id!, [mailbox.id])).toBeUndefined();
      expect(await repos.messages.readSourceForParsing(id!)).toBeUndefined();

      // A row written before sources were split holds the whole source in its first piece.
      const whole = patterned(CONTENT_PIECE_BYTES + 5);
      await db
        .updateTable('message_sources')
        .set({ raw: whole })
        .where('message_id', '=', smallId!)
        .execute();
      expect(
        Buffer.from((await repos.messages.findSource(smallId!, [mailbox.id]))!).equals(
          Buffer.from(whole),
        ),
      ).toBe(true);
    });

    it('keeps the TLS session a message came over, and null for clear text', async () => {
      const mailbox = await newMailbox();
      // Later than the purge test's cut-off, whose page of ten oldest must stay its own.
      const tls = {
        name: 'TLS_AES_256_GCM_SHA384',
        standardName: 'TLS_AES_256_GCM_SHA384',
        version: 'TLSv1.3',
      };
      const [secure, clear] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw: bytes('Subject: s\r\n\ns'), receivedAt: T0 + 60_000, tls },
        { mailboxId: mailbox.id, raw: bytes('Subject: c\r\n\nc'), receivedAt: T0 + 60_001 },
      ]);
      expect((await repos.messages.find(secure!, [mailbox.id]))?.tls).toEqual(tls);
      expect((await repos.messages.find(clear!, [mailbox.id]))?.tls).toBeNull();
    });

    it('keeps a message readable when parsing failed', async () => {
      const mailbox = await newMailbox();
      const [id] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw: bytes('\u0000garbage'), receivedAt: T0 },
      ]);
      await saveOne(
        id!,
        parsed({
          state: 'failed',
          subject: '',
          text: '',
          html: '',
          parseError: 'deadline exceeded',
          codes: [],
          links: [],
        }),
      );
      expect(await repos.messages.find(id!, [mailbox.id])).toMatchObject({
        parseState: 'failed',
        parseError: 'deadline exceeded',
        codes: [],
        link: null,
        links: [],
      });
      expect(await repos.messages.findSource(id!, [mailbox.id])).toBeDefined();
    });

    it('never shows one mailbox the messages of another', async () => {
      const mine = await newMailbox();
      const theirs = await newMailbox();
      const [id] = await storeReceived(repos.messages, [
        { mailboxId: theirs.id, raw: bytes('x'), receivedAt: T0 },
      ]);
      await saveOne(
        id!,
        parsed({
          attachments: [
            {
              filename: 'a',
              contentType: 'text/plain',
              disposition: 'attachment',
              contentId: null,
              content: bytes('a'),
            },
          ],
        }),
      );
      const attachmentId = (await repos.messages.find(id!, [theirs.id]))!.attachments[0]!.id;
      expect(await repos.messages.find(id!, [mine.id])).toBeUndefined();
      expect(await repos.messages.findSource(id!, [mine.id])).toBeUndefined();
      expect(await repos.messages.findAttachment(id!, attachmentId, [mine.id])).toBeUndefined();
      expect(await repos.messages.setSeen(id!, [mine.id], true, T0)).toBe(false);
      expect(await repos.messages.deleteMany([id!], [mine.id], T0)).toEqual([]);
      expect(await repos.messages.list([mine.id], { limit: 30, offset: 0 })).toEqual([]);
      expect(await repos.messages.find(id!, [mine.id, theirs.id])).toBeDefined();
    });

    it('marks seen and deletes', async () => {
      const mailbox = await newMailbox();
      const [id] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw: bytes('x'), receivedAt: T0 },
      ]);
      expect(await repos.messages.setSeen(id!, [mailbox.id], true, T0)).toBe(true);
      expect((await repos.messages.find(id!, [mailbox.id]))?.seen).toBe(true);
      expect(await repos.messages.deleteMany([id!], [mailbox.id], T0)).toMatchObject([
        { id, mailboxId: mailbox.id, seen: true },
      ]);
      expect(await repos.messages.find(id!, [mailbox.id])).toBeUndefined();
      expect(await repos.messages.readSourceForParsing(id!)).toBeUndefined();
    });

    it('deletes many at once, only from the mailboxes given, and says which', async () => {
      const mine = await newMailbox();
      const also = await newMailbox();
      const theirs = await newMailbox();
      const [first, second, kept] = await storeReceived(repos.messages, [
        { mailboxId: mine.id, raw: bytes('a'), receivedAt: T0 },
        { mailboxId: also.id, raw: bytes('b'), receivedAt: T0 + 1 },
        { mailboxId: theirs.id, raw: bytes('c'), receivedAt: T0 + 2 },
      ]);
      await saveOne(first!, parsed({ subject: 'first' }));
      const deleted = await repos.messages.deleteMany(
        [first!, second!, kept!, first!, 'f'.repeat(24)],
        [mine.id, also.id],
        T0 + 3,
      );
      expect(
        deleted.map((message) => [message.id, message.mailboxId, message.subject]).sort(),
      ).toEqual(
        [
          [first, mine.id, 'first'],
          [second, also.id, ''],
        ].sort(),
      );
      expect(await repos.messages.find(kept!, [theirs.id])).toBeDefined();
      expect(await repos.messages.count([mine.id, also.id])).toBe(0);
      expect((await repos.mailboxes.findById(also.id))?.listChangedAt).toBe(T0 + 3);
      expect((await repos.mailboxes.findById(theirs.id))?.listChangedAt).toBe(T0 + 2);
      expect(await repos.messages.deleteMany([], [mine.id], T0)).toEqual([]);
    });

    it('bumps the mailbox listing version with every change a listing shows', async () => {
      const mailbox = await newMailbox();
      const other = await newMailbox();
      const version = async (id = mailbox.id) => {
        const row = (await repos.mailboxes.findById(id))!;
        return [row.listVersion, row.listChangedAt];
      };
      expect(await version()).toEqual([0, T0]);
      const [id] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw: bytes('x'), receivedAt: T0 + 1 },
      ]);
      const [afterStore] = await version();
      expect(afterStore).toBe(1);
      await saveParsed(repos.messages, [{ id: id!, parsed: parsed() }], T0 + 2);
      expect(await version()).toEqual([2, T0 + 2]);
      await repos.messages.setSeen(id!, [mailbox.id], true, T0 + 3);
      expect(await version()).toEqual([3, T0 + 3]);
      // A clock that went backwards never moves the time back.
      await repos.messages.setSeen(id!, [mailbox.id], false, T0);
      expect(await version()).toEqual([4, T0 + 3]);
      await repos.messages.deleteMany([id!], [mailbox.id], T0 + 5);
      expect(await version()).toEqual([5, T0 + 5]);
      const [old] = await storeReceived(repos.messages, [
        { mailboxId: mailbox.id, raw: bytes('y'), receivedAt: T0 + 6 },
      ]);
      expect(old).toBeDefined();
      expect(await repos.messages.deleteReceivedBefore(T0 + 7, 10, T0 + 8)).toBeGreaterThan(0);
      expect(await version()).toEqual([7, T0 + 8]);
      expect((await version(other.id))[0]).toBe(0);
    });

    it('lists parsed messages after a point, oldest first, for stream resumes', async () => {
      const mailbox = await newMailbox();
      const ids = await storeReceived(
        repos.messages,
        [10, 20, 20, 30].map((offset) => ({
          mailboxId: mailbox.id,
          raw: bytes(`m${offset}`),
          receivedAt: T0 + offset,
        })),
      );
      await saveParsed(
        repos.messages,
        ids.slice(0, 3).map((id) => ({ id, parsed: parsed() })),
      );
      const since = await repos.messages.listSince(
        [mailbox.id],
        { receivedAt: T0 + 10, id: ids[0]! },
        10,
      );
      // The unparsed one (30) comes later, live; the two of the same millisecond both come.
      expect(since.map((message) => message.id).sort()).toEqual([ids[1], ids[2]].sort());
      const sameMillisecond = await repos.messages.listSince(
        [mailbox.id],
        { receivedAt: T0 + 20, id: ids[1]! },
        10,
      );
      expect(sameMillisecond.map((message) => message.id)).toEqual([ids[2]]);
    });
  });

  describe('address endings', () => {
    async function endingMailbox(ending: {
      endsAt: number | null;
      endsAfterFirstMessage: boolean;
    }) {
      return repos.mailboxes.create({
        address: uniqueAddress('ends'),
        passwordHash: 'h',
        ownerUserId: null,
        now: T0,
        expiresAt: T0 + 24 * HOUR,
        ending,
      });
    }
    const received = (mailboxId: string, receivedAt = T0) => ({
      mailboxId,
      raw: bytes(`Subject: to ${mailboxId}\r\n\r\nHello.`),
      receivedAt,
    });
    const commit = (messages: ReturnType<typeof received>[], now = T0) =>
      repos.messages.commitBatch({ received: messages, parsed: [], now });

    it('keeps how an address ends, and finds it as a recipient all the same', async () => {
      const plain = await newMailbox();
      expect(plain).toMatchObject({ endsAt: null, endsAfterFirstMessage: false, endedAt: null });
      const ending = await endingMailbox({ endsAt: T0 + HOUR, endsAfterFirstMessage: true });
      expect(ending).toMatchObject({
        endsAt: T0 + HOUR,
        endsAfterFirstMessage: true,
        endedAt: null,
      });
      expect(await repos.mailboxes.findById(ending.id)).toEqual(ending);
      // Ended or not, it is live until it expires: the refusal is the ingest's, with its text.
      expect(await repos.mailboxes.findLiveRecipient(ending.address, T0 + 2 * HOUR)).toEqual(
        ending,
      );
    });

    it('stores the first message of an address that ends with it, and ends it in the same write', async () => {
      const once = await endingMailbox({ endsAt: null, endsAfterFirstMessage: true });
      const other = await newMailbox();
      const first = await commit([received(once.id), received(other.id), received(once.id)]);
      expect(first.ids[0]).toMatch(/^[0-9a-f]{24}$/);
      expect(first.ids[1]).toMatch(/^[0-9a-f]{24}$/);
      expect(first.ids[2]).toBeNull();
      expect((await repos.mailboxes.findById(once.id))?.endedAt).toBe(T0);

      const later = await commit([received(once.id, T0 + 1), received(other.id, T0 + 1)], T0 + 1);
      expect(later.ids[0]).toBeNull();
      expect(later.ids[1]).toMatch(/^[0-9a-f]{24}$/);
      expect(await repos.messages.count([once.id])).toBe(1);
      // Still the first message's time: a refused one changes nothing.
      expect((await repos.mailboxes.findById(once.id))?.endedAt).toBe(T0);
    });

    it('refuses messages once the chosen time has come, and a first message then ends nothing', async () => {
      const timed = await endingMailbox({ endsAt: T0 + HOUR, endsAfterFirstMessage: false });
      const both = await endingMailbox({ endsAt: T0 + HOUR, endsAfterFirstMessage: true });
      const before = await commit([received(timed.id)], T0 + HOUR - 1);
      expect(before.ids[0]).not.toBeNull();
      const after = await commit([received(timed.id), received(both.id)], T0 + HOUR);
      expect(after.ids).toEqual([null, null]);
      expect((await repos.mailboxes.findById(both.id))?.endedAt).toBeNull();
    });

    it('drops the copy for a mailbox deleted since its recipient was accepted, and stores the rest', async () => {
      const gone = await newMailbox();
      const kept = await newMailbox();
      expect(await repos.mailboxes.delete(gone.id)).toBe(true);
      const result = await commit([received(gone.id), received(kept.id)]);
      expect(result.ids[0]).toBeNull();
      expect(result.ids[1]).toMatch(/^[0-9a-f]{24}$/);
      expect(await repos.messages.count([kept.id])).toBe(1);
    });

    it('lets exactly one of two commits racing with a first message store it', async () => {
      for (let round = 0; round < 5; round += 1) {
        const once = await endingMailbox({ endsAt: null, endsAfterFirstMessage: true });
        const results = await Promise.all([
          commit([received(once.id)]),
          commit([received(once.id)]),
        ]);
        expect(results.map((result) => result.ids[0] !== null).sort()).toEqual([false, true]);
        expect(await repos.messages.count([once.id])).toBe(1);
      }
    });
  });

  describe('forwarding', () => {
    it('saves partial changes and finds by confirmation token', async () => {
      const user = await repos.users.createAnonymous(T0);
      expect(await repos.forwarding.find(user.id)).toBeUndefined();
      const token = `confirm-${++counter}`;
      const pending = await repos.forwarding.save(
        user.id,
        {
          email: 'me@real.example',
          enabled: true,
          confirmTokenHash: token,
          confirmExpiresAt: T0 + HOUR,
          language: 'fr',
        },
        T0,
      );
      expect(pending).toMatchObject({
        email: 'me@real.example',
        enabled: true,
        confirmedAt: null,
        language: 'fr',
      });
      expect((await repos.forwarding.findByConfirmToken(token))?.userId).toBe(user.id);
      const confirmed = await repos.forwarding.save(
        user.id,
        { confirmedAt: T0 + 5, confirmTokenHash: null },
        T0 + 5,
      );
      expect(confirmed).toMatchObject({
        email: 'me@real.example',
        enabled: true,
        // Kept when a change leaves it out, like every other field.
        language: 'fr',
        confirmedAt: T0 + 5,
        confirmTokenHash: null,
      });
      expect(await repos.forwarding.findByConfirmToken(token)).toBeUndefined();
    });

    it('queues forwarding and webhooks with the commit, for owned mailboxes only', async () => {
      const { owned, webhook } = await ownerWithForwardingAndWebhook(T0 + 24 * HOUR);
      const free = await newMailbox();
      // One commit with a free mailbox's message, alone, then beside an owned one's.
      const [alone] = await storeReceivedParsed([free.id]);
      const [mine, theirs] = await storeReceivedParsed([owned.id, free.id]);
      const forwarded = (await repos.deliveries.claimDue(T0 + 1, 100, HOUR)).map(
        (delivery) => delivery.messageId,
      );
      expect(forwarded).toContain(mine);
      expect(forwarded).not.toContain(theirs);
      expect(forwarded).not.toContain(alone);
      const hooked = await repos.webhooks.listDeliveries(webhook.id, 10);
      expect(hooked.map((delivery) => delivery.messageId)).toEqual([mine]);

      // A large message is stored first and parsed after: queued when its parse is saved.
      const [large] = await storeReceived(repos.messages, [
        { mailboxId: owned.id, raw: bytes('Subject: big\r\n\r\n...'), receivedAt: T0 },
      ]);
      await saveParsed(repos.messages, [{ id: large!, parsed: parsed() }], T0);
      expect(
        (await repos.deliveries.claimDue(T0 + 1, 100, HOUR)).map((delivery) => delivery.messageId),
      ).toEqual([large]);
      expect((await repos.webhooks.listDeliveries(webhook.id, 10)).length).toBe(2);
    });

    it('queues neither for an owner whose Pro has ended, their settings kept', async () => {
      const { user, owned, webhook } = await ownerWithForwardingAndWebhook(T0 - 1);
      const [mine] = await storeReceivedParsed([owned.id]);
      const forwarded = (await repos.deliveries.claimDue(T0 + 1, 100, HOUR)).map(
        (delivery) => delivery.messageId,
      );
      expect(forwarded).not.toContain(mine);
      expect(await repos.webhooks.listDeliveries(webhook.id, 10)).toEqual([]);
      expect(await repos.forwarding.find(user.id)).toMatchObject({ enabled: true });
    });

    /** A user with Pro until `proExpiresAt`, forwarding on and confirmed, and a webhook on a mailbox of theirs. */
    async function ownerWithForwardingAndWebhook(proExpiresAt: number) {
      const user = await repos.users.createAnonymous(T0);
      await repos.users.update(user.id, { plan: 'pro_24hr', proExpiresAt }, T0);
      await repos.forwarding.save(
        user.id,
        { email: 'me@real.example', enabled: true, confirmedAt: T0 - HOUR },
        T0,
      );
      const owned = await newMailbox({ owner: user.id });
      const webhook = await repos.webhooks.create({
        id: `wh_${++counter}`,
        userId: user.id,
        mailboxId: owned.id,
        url: 'https://hooks.example/in',
        secret: 'secret',
        createdAt: T0,
      });
      return { user, owned, webhook };
    }

    async function storeReceivedParsed(mailboxIds: string[]) {
      return storeReceived(
        repos.messages,
        mailboxIds.map((mailboxId) => ({
          mailboxId,
          raw: bytes('Subject: Your code\r\n\r\nYour code is 123456'),
          receivedAt: T0,
          parsed: parsed(),
        })),
      );
    }
  });

  describe('billing', () => {
    it('closes an open payment exactly once', async () => {
      const user = await repos.users.createAnonymous(T0);
      const id = `cs_test_${++counter}`;
      await repos.billing.createPayment({
        id,
        userId: user.id,
        provider: 'demo',
        plan: 'pro_24hr',
        amount: 100,
        currency: 'usd',
        createdAt: T0,
      });
      expect(await repos.billing.findPayment(id)).toMatchObject({
        status: 'open',
        completedAt: null,
      });
      const outcomes = await Promise.all([
        repos.billing.closePayment(id, 'complete', T0 + 1),
        repos.billing.closePayment(id, 'complete', T0 + 1),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await repos.billing.closePayment(id, 'canceled', T0 + 2)).toBe(false);
      expect(await repos.billing.findPayment(id)).toMatchObject({
        status: 'complete',
        completedAt: T0 + 1,
      });
    });

    it('upserts subscriptions and finds the latest', async () => {
      const user = await repos.users.createAnonymous(T0);
      const id = `sub_${++counter}`;
      const subscription = {
        id,
        userId: user.id,
        plan: 'pro_monthly' as const,
        status: 'active',
        currentPeriodEnd: T0 + 30 * 24 * HOUR,
        cancelAtPeriodEnd: false,
        updatedAt: T0,
      };
      await repos.billing.saveSubscription(subscription);
      await repos.billing.saveSubscription({
        ...subscription,
        cancelAtPeriodEnd: true,
        updatedAt: T0 + 1,
      });
      expect(await repos.billing.findSubscription(id)).toEqual({
        ...subscription,
        cancelAtPeriodEnd: true,
        updatedAt: T0 + 1,
      });
      expect((await repos.billing.findLatestSubscription(user.id))?.id).toBe(id);
    });

    it('records each provider event once', async () => {
      const event = { id: `evt_${++counter}`, type: 'invoice.paid' };
      expect(await repos.billing.recordEvent(event, T0)).toBe(true);
      expect(await repos.billing.recordEvent(event, T0 + 1)).toBe(false);
    });
  });

  describe('tokens', () => {
    it('consumes a mailed link once, for its purpose only, and never after it expires', async () => {
      const user = await repos.users.createAnonymous(T0);
      const live = `recovery-${++counter}`;
      const stale = `recovery-${++counter}`;
      await repos.tokens.createRecoveryToken({
        tokenHash: live,
        userId: user.id,
        purpose: 'sign_in',
        now: T0,
        expiresAt: T0 + 15 * 60_000,
      });
      await repos.tokens.createRecoveryToken({
        tokenHash: stale,
        userId: user.id,
        purpose: 'sign_in',
        now: T0,
        expiresAt: T0 + 1,
      });
      expect(await repos.tokens.consumeLink(live, 'confirm_email', T0 + 10)).toBeUndefined();
      expect(await repos.tokens.findLiveLink(live, 'sign_in', T0 + 10)).toMatchObject({
        userId: user.id,
      });
      const race = await Promise.all([
        repos.tokens.consumeLink(live, 'sign_in', T0 + 10),
        repos.tokens.consumeLink(live, 'sign_in', T0 + 10),
      ]);
      expect(race.filter((link) => link?.userId === user.id)).toHaveLength(1);
      expect(await repos.tokens.findLiveLink(live, 'sign_in', T0 + 10)).toBeUndefined();
      expect(await repos.tokens.consumeLink(stale, 'sign_in', T0 + 2)).toBeUndefined();
      expect(await repos.tokens.consumeLink('unknown', 'sign_in', T0)).toBeUndefined();
    });

    it('keeps the email a confirmation link proves, and names the pending one', async () => {
      const user = await repos.users.createAnonymous(T0);
      const link = `confirm-${++counter}`;
      expect(await repos.tokens.findPendingEmail(user.id, T0)).toBeUndefined();
      await repos.tokens.createRecoveryToken({
        tokenHash: link,
        userId: user.id,
        purpose: 'confirm_email',
        email: 'jane@example.com',
        now: T0,
        expiresAt: T0 + HOUR,
      });
      expect(await repos.tokens.findPendingEmail(user.id, T0 + 1)).toBe('jane@example.com');
      expect(await repos.tokens.consumeLink(link, 'confirm_email', T0 + 1)).toEqual({
        userId: user.id,
        email: 'jane@example.com',
        expiresAt: T0 + HOUR,
      });
      expect(await repos.tokens.findPendingEmail(user.id, T0 + 2)).toBeUndefined();
    });

    it('saves a visitor under the id it was given, once', async () => {
      const id = 'ab'.repeat(12);
      await repos.users.createAnonymous(T0, id);
      await repos.users.createAnonymous(T0 + 5, id);
      expect(await repos.users.findById(id)).toMatchObject({ id, createdAt: T0, plan: 'free' });
    });

    it('rotates API tokens: only the newest works', async () => {
      const user = await repos.users.createAnonymous(T0);
      const first = `api-${++counter}`;
      const second = `api-${++counter}`;
      await repos.tokens.rotateApiToken({
        userId: user.id,
        tokenHash: first,
        prefix: 'tm_aaaa',
        now: T0,
      });
      expect((await repos.tokens.findActiveApiToken(first))?.userId).toBe(user.id);
      const rotated = await repos.tokens.rotateApiToken({
        userId: user.id,
        tokenHash: second,
        prefix: 'tm_bbbb',
        now: T0 + 1,
      });
      expect(await repos.tokens.findActiveApiToken(first)).toBeUndefined();
      expect(await repos.tokens.findActiveApiToken(second)).toEqual(rotated);
      expect(await repos.tokens.findUserApiToken(user.id)).toEqual(rotated);
    });
  });

  describe('contact', () => {
    it('stores submissions and counts them per sender', async () => {
      const email = `writer${++counter}@example.com`;
      const submission = {
        userId: null,
        name: 'Ada',
        email,
        subject: 'Hello',
        category: 'general',
        message: 'Hi there',
        priority: 'medium',
      };
      expect(await repos.contact.create(submission, T0)).toMatch(/^[0-9a-f]{24}$/);
      await repos.contact.create(submission, T0 + HOUR);
      expect(await repos.contact.countByEmailSince(email, T0)).toBe(2);
      expect(await repos.contact.countByEmailSince(email, T0 + 1)).toBe(1);
    });
  });
});

describe.runIf(testBackends[0]?.name === 'sqlite')('SQLite durability settings', () => {
  it('opens in WAL mode with synchronous=FULL', async () => {
    const database = await testBackends[0]!.open();
    try {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(
        database.storage.db,
      );
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(
        database.storage.db,
      );
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      expect(synchronous.rows[0]?.synchronous).toBe(2);
    } finally {
      await database.dispose();
    }
  });
});
