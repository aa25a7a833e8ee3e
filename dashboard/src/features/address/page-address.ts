/** A mail.tm account this browser made: its id, the password it chose, and the token. */
export interface MailTmAccount {
  id: string;
  password: string;
  token: string;
}

/** The address the home page shows. */
export interface PageAddress {
  address: string;
  /** Epoch ms, by this browser's clock, so the countdown is not skewed by the server's. */
  expiresAt: number;
  /**
   * The account behind it when this browser made it. A Pro custom address has none: the
   * server made it, and its mail is read through the Pro session.
   */
  account?: MailTmAccount;
}
