/** The mailbox behind an address, as the mail.tm surface knows it, and the token that reads it. */
export interface MailTmAccount {
  id: string;
  token: string;
}

/**
 * How a Pro custom address ends before it expires, if its owner chose so. Times are on this
 * browser's clock, as `expiresAt` is.
 */
export interface AddressEnding {
  /** Null when no time was chosen. */
  endsAt: number | null;
  endsAfterFirstMessage: boolean;
  /** As the server last said; a time that has come since ends it too (see hasEnded). */
  ended: boolean;
}

/** The address the home page shows. */
export interface PageAddress {
  address: string;
  /**
   * Epoch ms by this browser's clock (the server's expiry moved by the clocks' difference),
   * so the countdown ends when the server deletes it even on a computer whose clock is off.
   */
  expiresAt: number;
  /**
   * The mailbox and its token, from the server's list of the session's addresses. A custom
   * address just made has none until that list is read again; its mail is read through the
   * Pro session meanwhile.
   */
  account?: MailTmAccount;
  /** Absent for an address that only expires. */
  ending?: AddressEnding;
}
