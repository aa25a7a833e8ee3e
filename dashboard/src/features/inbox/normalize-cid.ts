// A `cid:` URL names a part by its Content-ID (RFC 2392), but senders write both sides in
// many forms: `<angle brackets>` or none, percent-encoded or not, in any case. Both sides
// come down to one key, so every form finds its part. Lower case: no message holds two
// parts whose Content-IDs differ only by case, and senders do change the case.

const bare = (id: string) =>
  id
    .trim()
    .replace(/^<(.*)>$/s, '$1')
    .trim()
    .toLowerCase();

/** The key of a part's Content-ID header (or an API's `contentId`): `<Logo@x>` is `logo@x`. */
export function cidOfHeader(value: string): string {
  const bracketed = /<([^>]*)>/.exec(value);
  return bare(bracketed ? bracketed[1]! : value);
}

/** The key a `cid:` URL names, or undefined when it is not a `cid:` URL. */
export function cidOfUrl(url: string): string | undefined {
  const id = /^\s*cid:(.*)$/is.exec(url)?.[1];
  if (id === undefined) return undefined;
  try {
    return bare(decodeURIComponent(id));
  } catch {
    // A lone `%` that is not an escape: the id as written.
    return bare(id);
  }
}
