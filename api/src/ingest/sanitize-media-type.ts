/** What a part whose type cannot be trusted is stored and served as (RFC 2046 section 4.5.1). */
export const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';

/**
 * A `type/subtype` of RFC 6838 restricted names (section 4.2). Parameters are not kept: a
 * download needs none, and the charset of a text part was already applied when it was parsed.
 */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * A sender's Content-Type, lower-cased, when it is a well-formed media type; otherwise
 * application/octet-stream. A type holding a control character or a character past Latin-1
 * would make Node refuse the download's header (ERR_INVALID_CHAR), and one that is no
 * type/subtype means nothing to a browser.
 */
export function sanitizeMediaType(value: string | undefined): string {
  const type = (value ?? '').trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : UNKNOWN_MEDIA_TYPE;
}
