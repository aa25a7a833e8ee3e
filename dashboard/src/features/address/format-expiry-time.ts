/**
 * When an address expires, as a clock time that does not tick (a list read aloud should not
 * change under the reader): the time alone when it is today, with the date otherwise.
 */
export function formatExpiryTime(expiresAt: number, now: number, language: string): string {
  const today = new Date(expiresAt).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(
    language,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(expiresAt);
}
