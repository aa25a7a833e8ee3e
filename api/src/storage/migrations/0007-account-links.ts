import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One-time links by mail now serve two purposes: signing a browser in to an account
 * (`sign_in`, as before) and proving that a purchase email belongs to the buyer
 * (`confirm_email`, which carries the email it proves). An email becomes an account's
 * sign-in address only through the second kind, so a purchase can no longer claim an email
 * that its payer does not read.
 */
export const accountLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('recovery_tokens')
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(sql`'sign_in'`))
      .execute();
    await db.schema.alterTable('recovery_tokens').addColumn('email', 'text').execute();
  },
};
