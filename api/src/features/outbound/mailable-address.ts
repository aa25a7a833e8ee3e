/**
 * Whether mail we write may go to `email`: its domain is a name under a top-level domain,
 * never an IP address (`x@127.0.0.1`, `x@[10.0.0.1]`) or a bare host name (`x@vm`), which a
 * self-hosted relay would deliver inside its own network. Every top-level domain starts
 * with a letter.
 */
export function isMailableAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return /^(?:[^.\s[\]]+\.)+[a-z][a-z0-9-]*$/i.test(domain);
}
