import type { Kysely } from 'kysely';
import { newId } from '../../features/new-id.js';
import type { DatabaseSchema } from '../schema.js';
import type { ContactStore, ContactSubmission } from '../../features/contact/contact-store.js';

export function createContactRepository(db: Kysely<DatabaseSchema>): ContactStore {
  return {
    async create(submission: ContactSubmission, now: number): Promise<string> {
      const id = newId(now);
      await db
        .insertInto('contact_submissions')
        .values({
          id,
          user_id: submission.userId,
          name: submission.name,
          email: submission.email,
          subject: submission.subject,
          category: submission.category,
          message: submission.message,
          priority: submission.priority,
          created_at: now,
        })
        .execute();
      return id;
    },

    /** Submissions by one sender email since a time (for the per-sender limit). */
    async countByEmailSince(email: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('contact_submissions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
