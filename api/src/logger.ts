import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

/**
 * Credentials that may sit inside a logged string (an error message, a URL): mailbox JWTs,
 * API tokens, bearer credentials, Stripe keys and the password of any URL (DATABASE_URL,
 * REDIS_URL, SMTP_RELAY_URL).
 */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[redacted]'],
  [/\btm_[\w-]{16,}/g, '[redacted]'],
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, '$1 [redacted]'],
  [/\b(sk|rk|whsec)_[A-Za-z0-9_]{8,}/g, '[redacted]'],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, '$1[redacted]@'],
];

function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_PATTERNS)
    scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

/** A copy of `value` with secrets taken out of its strings, a few levels deep. */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  // Errors go through the `err` serializer below, which scrubs what it keeps of them.
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]),
  );
}

/**
 * JSON logs to stdout (or `destination`). Credentials never reach a log line: the paths that
 * hold them are censored, and the rest of every line is searched for them (a token in an
 * error message, a password in a URL). Lines about a request name it by `requestId`, passed
 * where they are written (not carried by AsyncLocalStorage: on Node 20 its promise hooks cost
 * the 304 poll a third of its throughput in `npm run bench -- api`).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { err: (error: Error) => scrub(stdSerializers.err(error)) },
    formatters: { log: (line: Record<string, unknown>) => scrub(line) as Record<string, unknown> },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'authorization',
        'cookie',
        'password',
        '*.password',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'body',
        '*.body',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
