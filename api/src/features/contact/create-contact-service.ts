import { mailerFor, type Mailer } from '../outbound/create-mailer.js';
import type { Stores } from '../stores.js';
import type { ContactSubmission } from './contact-store.js';
import { submitContact } from './submit-contact.js';

/** The contact form: stored, and mailed to SUPPORT_EMAIL when the operator set one. */
export function createContactService(deps: {
  stores: Pick<Stores, 'contact'>;
  mailer: Mailer;
  supportEmail: string | undefined;
}) {
  return {
    submit: (submission: ContactSubmission, now: number, requestId?: string) =>
      submitContact(
        {
          contact: deps.stores.contact,
          mailer: requestId ? mailerFor(deps.mailer, requestId) : deps.mailer,
          supportEmail: deps.supportEmail,
        },
        submission,
        now,
      ),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
