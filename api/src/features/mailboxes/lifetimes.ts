/** How long a free address lives: 60 minutes from creation. Every path reads it here. */
export const FREE_MAILBOX_LIFETIME_MS = 60 * 60 * 1000;

/** How long Pro keeps messages: 24 hours; the purge deletes mail older than this. */
export const PRO_RETENTION_MS = 24 * 60 * 60 * 1000;
