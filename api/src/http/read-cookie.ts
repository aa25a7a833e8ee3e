import type { IncomingHttpHeaders } from 'node:http';

/** The value of one cookie of a request, or undefined. */
export function readCookie(
  request: { readonly headers: IncomingHttpHeaders },
  name: string,
): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A bad escape (`%E0%A4%A`) was never set by us: as good as no cookie, not a 500.
      return undefined;
    }
  }
  return undefined;
}
