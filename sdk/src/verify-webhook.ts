/** How old a delivery's signature may be, by default: 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookOptions {
  /** Older signatures are refused (a replayed delivery). Default 300 s. */
  toleranceSeconds?: number;
  /** The time now, in ms; for tests. */
  now?: number;
}

/** A header's value from a `Headers`, a Node request's headers, or a plain object. */
function headerOf(
  headers: Headers | Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Compares in time that does not depend on where the strings differ. */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

/**
 * Whether a webhook delivery is ours and unchanged: its `TempMail-Signature` header
 * (`t=<unix seconds>,v1=<hex>`) must be the HMAC-SHA256 with `secret` of `<t>.<body>`, and
 * `t` within `toleranceSeconds` of now. Pass the body exactly as received (the raw text, not
 * parsed and serialised again). Works in Node.js 20+ and browsers (Web Crypto).
 */
export async function verifyWebhook(
  secret: string,
  headers: Headers | Record<string, string | string[] | undefined>,
  body: string,
  options: VerifyWebhookOptions = {},
): Promise<boolean> {
  const signature = headerOf(headers, 'tempmail-signature');
  if (!signature) return false;
  const parts = new Map(
    signature.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const expected = parts.get('v1');
  if (!Number.isInteger(timestamp) || !expected) return false;
  const now = (options.now ?? Date.now()) / 1000;
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) {
    return false;
  }
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`));
  return sameText(hex(mac), expected.toLowerCase());
}
