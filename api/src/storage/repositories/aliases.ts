import type { Kysely } from 'kysely';
import { DuplicateKeyError } from '../../features/duplicate-key-error.js';
import { insertUnique } from '../errors.js';
import type { Dialect } from '../open-database.js';
import { lockAddress } from '../lock-address.js';
import type { DatabaseSchema } from '../schema.js';
import type { Alias, AliasStore } from '../../features/mailboxes/mailbox-store.js';

/** Extra addresses that deliver into an existing mailbox. */
export function createAliasesRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): AliasStore {
  return {
    /** Throws DuplicateKeyError when the address exists as an alias or a mailbox. */
    async create(alias: Alias): Promise<Alias> {
      const address = alias.address.toLowerCase();
      await insertUnique('address', () =>
        db.transaction().execute(async (trx) => {
          await lockAddress(trx, dialect, address);
          const mailbox = await trx
            .selectFrom('mailboxes')
            .select('id')
            .where('address', '=', address)
            .executeTakeFirst();
          if (mailbox) throw new DuplicateKeyError('address');
          await trx
            .insertInto('aliases')
            .values({
              address,
              mailbox_id: alias.mailboxId,
              user_id: alias.userId,
              created_at: alias.createdAt,
            })
            .execute();
        }),
      );
      return { ...alias, address };
    },

    async listByUser(userId: string): Promise<Alias[]> {
      const rows = await db
        .selectFrom('aliases')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute();
      return rows.map((row) => ({
        address: row.address,
        mailboxId: row.mailbox_id,
        userId: row.user_id,
        createdAt: row.created_at,
      }));
    },

    async delete(address: string): Promise<boolean> {
      const result = await db
        .deleteFrom('aliases')
        .where('address', '=', address.toLowerCase())
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
