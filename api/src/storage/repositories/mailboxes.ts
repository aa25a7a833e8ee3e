import type { Kysely, Selectable } from 'kysely';
import { DuplicateKeyError } from '../../features/duplicate-key-error.js';
import { insertUnique } from '../errors.js';
import { newId } from '../../features/new-id.js';
import type { Dialect } from '../open-database.js';
import { lockAddress } from '../lock-address.js';
import type { DatabaseSchema, MailboxesTable } from '../schema.js';
import type {
  Mailbox,
  MailboxEnding,
  MailboxStore,
} from '../../features/mailboxes/mailbox-store.js';

function toMailbox(row: Selectable<MailboxesTable>): Mailbox {
  return {
    id: row.id,
    address: row.address,
    passwordHash: row.password_hash,
    ownerUserId: row.owner_user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    listVersion: Number(row.list_version),
    listChangedAt: Number(row.list_changed_at) || row.created_at,
    endsAt: row.ends_at,
    endsAfterFirstMessage: Boolean(row.ends_after_first_message),
    endedAt: row.ended_at,
    tokenGeneration: Number(row.token_generation),
  };
}

export function createMailboxesRepository(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
): MailboxStore {
  // Every authenticated request reads its mailbox by id: built and compiled once, then run
  // with each id (Kysely would otherwise rebuild and recompile it per request).
  const byId = db.selectFrom('mailboxes').selectAll().where('id', '=', '').compile();

  return {
    /** Creates a mailbox; throws DuplicateKeyError when the address exists (as a mailbox or alias). */
    async create(mailbox: {
      address: string;
      passwordHash: string;
      ownerUserId: string | null;
      now: number;
      expiresAt: number;
      ending?: MailboxEnding;
    }): Promise<Mailbox> {
      const address = mailbox.address.toLowerCase();
      const ending = mailbox.ending;
      const row = {
        id: newId(mailbox.now),
        address,
        password_hash: mailbox.passwordHash,
        owner_user_id: mailbox.ownerUserId,
        created_at: mailbox.now,
        expires_at: mailbox.expiresAt,
        list_version: 0,
        list_changed_at: mailbox.now,
        ends_at: ending?.endsAt ?? null,
        ends_after_first_message: ending?.endsAfterFirstMessage ? 1 : 0,
        ended_at: null,
        token_generation: 0,
      };
      await insertUnique('address', () =>
        db.transaction().execute(async (trx) => {
          await lockAddress(trx, dialect, address);
          const alias = await trx
            .selectFrom('aliases')
            .select('address')
            .where('address', '=', address)
            .executeTakeFirst();
          if (alias) throw new DuplicateKeyError('address');
          await trx.insertInto('mailboxes').values(row).execute();
        }),
      );
      return toMailbox(row);
    },

    async findById(id: string): Promise<Mailbox | undefined> {
      const { rows } = await db.executeQuery<Selectable<MailboxesTable>>({
        ...byId,
        parameters: [id],
      });
      const row = rows[0];
      return row && toMailbox(row);
    },

    async findByAddress(address: string): Promise<Mailbox | undefined> {
      const row = await db
        .selectFrom('mailboxes')
        .selectAll()
        .where('address', '=', address.toLowerCase())
        .executeTakeFirst();
      return row && toMailbox(row);
    },

    /**
     * The live mailbox that mail to `address` belongs in: the mailbox with that address, or
     * the one an alias points at; undefined when there is none or it has expired.
     */
    async findLiveRecipient(address: string, now: number): Promise<Mailbox | undefined> {
      const lowered = address.toLowerCase();
      const row = await db
        .selectFrom('mailboxes')
        .selectAll('mailboxes')
        .where((eb) =>
          eb.or([
            eb('mailboxes.address', '=', lowered),
            eb(
              'mailboxes.id',
              '=',
              eb
                .selectFrom('aliases')
                .select('aliases.mailbox_id')
                .where('aliases.address', '=', lowered),
            ),
          ]),
        )
        .where('mailboxes.expires_at', '>', now)
        .executeTakeFirst();
      return row && toMailbox(row);
    },

    /** The listing change counters of these mailboxes, by id (missing: deleted). */
    async listVersions(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('mailboxes')
        .select(['id', 'list_version'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, Number(row.list_version)]));
    },

    async listByOwner(userId: string): Promise<Mailbox[]> {
      const rows = await db
        .selectFrom('mailboxes')
        .selectAll()
        .where('owner_user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toMailbox);
    },

    async setOwner(id: string, ownerUserId: string | null): Promise<void> {
      await db
        .updateTable('mailboxes')
        .set({ owner_user_id: ownerUserId })
        .where('id', '=', id)
        .execute();
    },

    /** Moves the expiry of every mailbox a user owns (Pro mailboxes follow the Pro expiry). */
    async setExpiryForOwner(userId: string, expiresAt: number): Promise<number> {
      const result = await db
        .updateTable('mailboxes')
        .set({ expires_at: expiresAt })
        .where('owner_user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async endTokensForOwner(userId: string): Promise<void> {
      await db
        .updateTable('mailboxes')
        .set((eb) => ({ token_generation: eb('token_generation', '+', 1) }))
        .where('owner_user_id', '=', userId)
        .execute();
    },

    /** Deletes a mailbox with its aliases, messages, bodies, sources and attachments. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('mailboxes').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Deletes up to `limit` expired mailboxes (and all they hold); returns how many. */
    async deleteExpired(now: number, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('mailboxes')
        .where(
          'id',
          'in',
          db.selectFrom('mailboxes').select('id').where('expires_at', '<=', now).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
