import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, ForwardingSettingsTable } from '../schema.js';

export interface ForwardingSettings {
  userId: string;
  email: string | null;
  enabled: boolean;
  confirmTokenHash: string | null;
  confirmExpiresAt: number | null;
  confirmedAt: number | null;
  lastError: string | null;
  updatedAt: number;
}

export type ForwardingChanges = Partial<Omit<ForwardingSettings, 'userId' | 'updatedAt'>>;

function toSettings(row: Selectable<ForwardingSettingsTable>): ForwardingSettings {
  return {
    userId: row.user_id,
    email: row.email,
    enabled: Boolean(row.enabled),
    confirmTokenHash: row.confirm_token_hash,
    confirmExpiresAt: row.confirm_expires_at,
    confirmedAt: row.confirmed_at,
    lastError: row.last_error,
    updatedAt: row.updated_at,
  };
}

export function createForwardingRepository(db: Kysely<DatabaseSchema>) {
  return {
    async find(userId: string): Promise<ForwardingSettings | undefined> {
      const row = await db
        .selectFrom('forwarding_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toSettings(row);
    },

    async findByConfirmToken(tokenHash: string): Promise<ForwardingSettings | undefined> {
      const row = await db
        .selectFrom('forwarding_settings')
        .selectAll()
        .where('confirm_token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && toSettings(row);
    },

    /** Creates or changes a user's settings; fields left out keep their value. */
    async save(
      userId: string,
      changes: ForwardingChanges,
      now: number,
    ): Promise<ForwardingSettings> {
      const values = {
        email: changes.email,
        enabled: changes.enabled === undefined ? undefined : changes.enabled ? 1 : 0,
        confirm_token_hash: changes.confirmTokenHash,
        confirm_expires_at: changes.confirmExpiresAt,
        confirmed_at: changes.confirmedAt,
        last_error: changes.lastError,
        updated_at: now,
      };
      await db
        .insertInto('forwarding_settings')
        .values({ user_id: userId, ...values, enabled: values.enabled ?? 0 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      const saved = await this.find(userId);
      if (!saved) throw new Error(`forwarding settings of ${userId} vanished after saving`);
      return saved;
    },
  };
}

export type ForwardingRepository = ReturnType<typeof createForwardingRepository>;
