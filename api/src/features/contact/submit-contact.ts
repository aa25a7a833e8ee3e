import type { ContactStore, ContactSubmission } from './contact-store.js';
import type { Mailer } from '../outbound/create-mailer.js';

/**
 * Text from the form as one line, for a header: line breaks and control characters, which
 * could start a header of their own, become spaces.
 */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/**
 * Stores a contact-form message and, when the operator named a support address, mails it
 * there with Reply-To the writer. Without one the database is the only copy: a default on our
 * own domains would be an address anyone could register to read the messages.
 */
export async function submitContact(
  deps: { contact: ContactStore; mailer: Mailer; supportEmail: string | undefined },
  submission: ContactSubmission,
  now: number,
): Promise<string> {
  const id = await deps.contact.create(submission, now);
  if (deps.supportEmail === undefined) return id;
  const name = oneLine(submission.name);
  await deps.mailer.send({
    to: deps.supportEmail,
    // An address object: the name cannot add recipients however many `<`, `,` or `@` it holds.
    replyTo: { name, address: submission.email },
    subject: `[Contact/${submission.category}/${submission.priority}] ${oneLine(submission.subject)}`,
    text: [
      `From: ${name} <${submission.email}>`,
      `Category: ${submission.category}`,
      `Priority: ${submission.priority}`,
      `Reference: ${id}`,
      '',
      submission.message,
    ].join('\n'),
  });
  return id;
}
