/** How long a free address lives: 60 minutes from creation (spec section 9; the single source). */
export const FREE_MAILBOX_LIFETIME_MS = 60 * 60 * 1000;

/** How long Pro keeps messages: 24 hours (spec section 9). */
export const PRO_RETENTION_MS = 24 * 60 * 60 * 1000;
