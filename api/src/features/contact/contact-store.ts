/** A message to support from the contact form. */
export interface ContactSubmission {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
  priority: string;
}

/** Contact submissions (storage/repositories/contact.ts implements it). */
export interface ContactStore {
  /** Stores a submission; returns its id. */
  create(submission: ContactSubmission, now: number): Promise<string>;
  /** Submissions by one sender email since a time (for the per-sender limit). */
  countByEmailSince(email: string, since: number): Promise<number>;
}
