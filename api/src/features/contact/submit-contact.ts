import type { ContactRepository, ContactSubmission } from '../../storage/repositories/contact.js';
import type { Mailer } from '../outbound/create-mailer.js';

/** Stores a contact-form message and sends it to support, with Reply-To the writer. */
export async function submitContact(
  deps: { contact: ContactRepository; mailer: Mailer; supportEmail: string },
  submission: ContactSubmission,
  now: number,
): Promise<string> {
  const id = await deps.contact.create(submission, now);
  await deps.mailer.send({
    to: deps.supportEmail,
    replyTo: `${submission.name.replace(/[<>"\r\n]/g, '')} <${submission.email}>`,
    subject: `[Contact/${submission.category}/${submission.priority}] ${submission.subject}`,
    text: [
      `From: ${submission.name} <${submission.email}>`,
      `Category: ${submission.category}`,
      `Priority: ${submission.priority}`,
      `Reference: ${id}`,
      '',
      submission.message,
    ].join('\n'),
  });
  return id;
}
