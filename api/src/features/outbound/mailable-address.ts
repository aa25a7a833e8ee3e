/**
 * Names that never lead to the public internet: the special-use top-level domains of
 * RFC 6761 and RFC 8375, and those private networks use by habit.
 */
const INSIDE_NAMES = /\.(?:localhost|local|localdomain|internal|intranet|lan|home\.arpa|invalid)$/i;

/** What a refused address's field is told, wherever one is refused. */
export const NOT_MAILABLE =
  'must be at a public domain name, not an IP address or a host inside a network';

/**
 * Whether mail we write may go to `email`: its domain is a name under a public top-level
 * domain, never an IP address (`x@127.0.0.1`, `x@[10.0.0.1]`), a bare host name (`x@vm`), or
 * a name that only resolves inside a network (`x@mail.internal`), which a self-hosted relay
 * would deliver inside its own. Every top-level domain starts with a letter. A public name
 * that resolves to a private address is the relay's to refuse (README, `SMTP_RELAY_URL`).
 */
export function isMailableAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return /^(?:[^.\s[\]]+\.)+[a-z][a-z0-9-]*$/i.test(domain) && !INSIDE_NAMES.test(domain);
}
