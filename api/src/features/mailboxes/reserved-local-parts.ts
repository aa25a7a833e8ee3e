/**
 * Names nobody may register on our domains: the mailboxes RFC 2142 expects every domain to
 * have, and the role names people trust as the service's own. Whoever held `support@` or
 * `postmaster@` would read mail meant for the operator, and could pass for the operator in
 * mail sent to it. The operator adds their own with RESERVED_LOCAL_PARTS; the check is
 * `isReservedLocalPart` in addresses.ts.
 */
export const BUILT_IN_RESERVED_LOCAL_PARTS: ReadonlySet<string> = new Set([
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
]);
