/**
 * The role names that must never be registrable (RFC 2142's and the usual ones people take
 * for the operator's), written out here rather than read from the implementation, so that a
 * name dropped from the server's list fails the tests.
 */
export const REQUIRED_RESERVED_NAMES = [
  'postmaster',
  'abuse',
  'hostmaster',
  'webmaster',
  'admin',
  'administrator',
  'root',
  'security',
  'support',
  'billing',
  'noreply',
  'no-reply',
  'mailer-daemon',
  'info',
  'help',
  'contact',
  'privacy',
  'legal',
] as const;
