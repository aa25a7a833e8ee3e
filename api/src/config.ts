import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, with its default and description. This table is the only
 * place the environment is interpreted; `npm run config` prints it, and the README's
 * configuration table is checked against it by the test suite.
 */
interface Setting {
  readonly schema: z.ZodType;
  /** Default as the environment would spell it; undefined means "unset". */
  readonly default?: string;
  readonly description: string;
  /**
   * How the value is masked whenever printed: `value` hides all of it; `password` is for a
   * connection URL, whose password and query values are hidden (a value that is not such a
   * URL is hidden whole).
   */
  readonly secret?: 'value' | 'password';
}

const port = z.coerce.number().int().min(0).max(65_535);

const domainList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}$/, {
          message: 'each domain must be a host name such as tempmail.test',
        }),
      )
      .min(1, { message: 'at least one domain is required' }),
  );

/**
 * Proxies whose X-Forwarded-For is believed: IPv4/IPv6 addresses, CIDR ranges, or Express's
 * names for whole ranges (loopback, linklocal, uniquelocal).
 */
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine(
        (entry) => {
          if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
          const [address = '', bits, ...rest] = entry.split('/');
          const version = isIP(address);
          if (version === 0 || rest.length > 0) return false;
          if (bits === undefined) return true;
          const max = version === 4 ? 32 : 128;
          return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
        },
        { message: 'must be IP addresses, CIDR ranges, loopback, linklocal or uniquelocal' },
      ),
    ),
  );

/** CSP source expressions for third parties: https origins, a leading `*.` allowed. */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim().toLowerCase().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^https:\/\/(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}(:\d{1,5})?$/,
          {
            message: 'each origin must be https://host or https://*.domain',
          },
        ),
    ),
  );

/** Local parts as addresses.ts accepts them, lower-cased. */
const localPartList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((local) => local.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(/^[a-z0-9._-]{1,64}$/, {
        message: 'each name must be letters, digits, dot, hyphen or underscore (no @ or +)',
      }),
    ),
  );

const databaseUrl = z.string().regex(/^(postgres(ql)?:\/\/|sqlite:)/, {
  message: 'must start with postgres://, postgresql:// or sqlite:',
});

export const settings = {
  HTTP_HOST: {
    schema: z.string().min(1),
    default: '0.0.0.0',
    description: 'Address the HTTP server listens on.',
  },
  HTTP_PORT: {
    schema: port,
    default: '8080',
    description: 'Port of the HTTP server (dashboard, APIs, /docs).',
  },
  SMTP_PORT: {
    schema: port,
    default: '2525',
    description: 'Port of the inbound SMTP server.',
  },
  DATA_DIR: {
    schema: z.string().min(1),
    default: './data',
    description:
      'Folder for local data (the SQLite database, the mailbox-token key, the outbox), kept owner-only: 0700, files 0600.',
  },
  MAIL_DOMAINS: {
    schema: domainList,
    default: 'tempmail.test',
    description: 'Comma-separated domains we receive mail for; the first is the default.',
  },
  RESERVED_LOCAL_PARTS: {
    schema: localPartList,
    description:
      'Comma-separated names nobody may register on MAIL_DOMAINS (with any +tag, in any case), on top of the built-in postmaster, abuse, hostmaster, webmaster, admin, administrator, root, security, support, billing, noreply, no-reply, mailer-daemon, info, help, contact, privacy and legal; unset: the built-in ones only.',
  },
  PUBLIC_URL: {
    schema: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    default: 'http://localhost:8080',
    description: 'The URL people reach the server at: links in mail, cookies, Origin checks.',
  },
  CSP_THIRD_PARTY_ORIGINS: {
    schema: originList,
    description:
      "Comma-separated https origins (`https://*.domain` allowed) the dashboard's pages may load scripts from, call and frame: the ad network's when the dashboard is built with VITE_AD_CLIENT_ID (e.g. `https://pagead2.googlesyndication.com,https://*.googlesyndication.com,https://*.doubleclick.net`); unset: none.",
  },
  DATABASE_URL: {
    schema: databaseUrl,
    description: 'postgres://… for PostgreSQL; unset for SQLite at DATA_DIR/tempmail.db.',
    secret: 'password',
  },
  REDIS_URL: {
    schema: z.string().regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' }),
    description:
      'redis://… to share live events and rate-limit counts across nodes; unset: in-process.',
    secret: 'password',
  },
  SMTP_HOST: {
    schema: z.string().min(1),
    default: '0.0.0.0',
    description: 'Address the SMTP server listens on.',
  },
  SMTP_HOSTNAME: {
    schema: z.string().min(1),
    description:
      'Name the SMTP server greets with and writes in Received headers; unset: the first mail domain.',
  },
  SMTP_MAX_MESSAGE_BYTES: {
    schema: z.coerce.number().int().min(1024),
    default: '31457280',
    description: 'Largest message accepted (advertised as SIZE; larger ones get 552 5.3.4).',
  },
  SMTP_MAX_RECIPIENTS: {
    schema: z.coerce.number().int().min(1),
    default: '50',
    description: 'Recipients accepted per message; past it RCPT gets 452 4.5.3.',
  },
  SMTP_MAX_CONNECTIONS_PER_IP: {
    schema: z.coerce.number().int().min(1),
    default: '50',
    description: 'Open SMTP connections allowed from one address; past it 421.',
  },
  SMTP_MAX_UNKNOWN_RECIPIENTS: {
    schema: z.coerce.number().int().min(1),
    default: '20',
    description:
      "Unknown recipients (550 5.1.1) one SMTP connection may try; the next RCPT gets 421 4.7.0 and the connection closes (as Postfix's smtpd_hard_error_limit).",
  },
  SMTP_UNKNOWN_RECIPIENTS_PER_IP_HOUR: {
    schema: z.coerce.number().int().min(1),
    default: '100',
    description:
      'Unknown recipients one client address may try per hour across connections and nodes; past it every RCPT from it, live or not, gets 450 4.7.1 until the hour is over.',
  },
  SMTP_MAX_CLIENTS: {
    schema: z.coerce.number().int().min(1),
    default: '2000',
    description: 'Open SMTP connections allowed in all.',
  },
  SMTP_IDLE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(1000),
    default: '60000',
    description: 'An SMTP connection silent this long (between commands or inside DATA) is closed.',
  },
  SMTP_TLS_KEY: {
    schema: z.string().min(1),
    description: 'PEM private key file; with SMTP_TLS_CERT, STARTTLS is offered.',
  },
  SMTP_TLS_CERT: {
    schema: z.string().min(1),
    description: 'PEM certificate chain file for STARTTLS.',
  },
  PARSE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100),
    default: '10000',
    description: 'Deadline for parsing one message; past it the message is kept, marked unparsed.',
  },
  PARSER_THREADS: {
    schema: z.coerce.number().int().min(1).max(16),
    default: '2',
    description:
      'Worker threads parsing received mail, at most: the first starts with the server, another when large or slow mail holds up those there are.',
  },
  JWT_SECRET: {
    schema: z.string().min(32, { message: 'must be at least 32 characters' }),
    description:
      'Signs mailbox tokens; unset: made once and kept in DATA_DIR/jwt-secret. Set it for several nodes.',
    secret: 'value',
  },
  MAILTM_RATE_LIMIT: {
    schema: z.coerce.number().int().min(1),
    default: '8',
    description: "Requests per second per IP on the mail.tm surface (mail.tm's own limit is 8).",
  },
  API_FREE_REQUESTS_PER_HOUR: {
    schema: z.coerce.number().int().min(1),
    default: '60',
    description:
      'Public API (/v1) requests per hour for free callers (per mailbox, whatever its tokens; per IP when anonymous).',
  },
  API_PRO_REQUESTS_PER_HOUR: {
    schema: z.coerce.number().int().min(1),
    default: '300',
    description:
      'Public API (/v1) requests per hour for a Pro user: one count for all their API tokens and the mailboxes they made.',
  },
  API_BURST_REQUESTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1),
    default: '100',
    description: 'Public API (/v1) requests per minute for any caller, on top of the hourly limit.',
  },
  API_TOKENS_PER_HOUR: {
    schema: z.coerce.number().int().min(1),
    default: '5',
    description:
      'Pro API tokens one user may be issued per hour (the first and each rotation; a new token revokes the one before).',
  },
  ADDRESS_CREATION_PER_MINUTE: {
    schema: z.coerce.number().int().min(1),
    default: '5',
    description:
      'New addresses per minute per client IP, one budget over POST /accounts, POST /api/addresses, POST /api/create-custom-email and POST /v1/generate-email.',
  },
  ADDRESS_CREATION_PER_HOUR: {
    schema: z.coerce.number().int().min(1),
    default: '30',
    description:
      'New addresses per hour per client IP, in the same budget as ADDRESS_CREATION_PER_MINUTE.',
  },
  PURGE_INTERVAL_MS: {
    schema: z.coerce.number().int().min(1000),
    default: '60000',
    description: 'How often expired mailboxes (and all they hold) are deleted.',
  },
  MAIL_FROM: {
    schema: z.string().min(3),
    description:
      'Sender of the mail we write (sign-in links, forwarding); unset: TempMail <no-reply@first mail domain>.',
  },
  SUPPORT_EMAIL: {
    schema: z.email(),
    description:
      'Where contact-form messages are mailed: an address of your own, not on MAIL_DOMAINS (a warning is logged at start if it is one anybody could register); unset: they are only stored in the database (table contact_submissions).',
  },
  SMTP_RELAY_URL: {
    schema: z.string().regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' }),
    description:
      'smtp(s)://user:pass@host:port to send mail through; unset: each message is written to DATA_DIR/outbox as .eml.',
    secret: 'password',
  },
  STRIPE_SECRET_KEY: {
    schema: z
      .string()
      .regex(/^(sk|rk)_/, { message: 'must be a Stripe secret key (sk_… or rk_…)' }),
    description:
      'Stripe secret key: payments go through Stripe; unset: the built-in demo checkout.',
    secret: 'value',
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: z.string().regex(/^whsec_/, { message: 'must be a webhook signing secret (whsec_…)' }),
    description:
      'Signing secret of the webhook endpoint /api/stripe/webhook; required with STRIPE_SECRET_KEY.',
    secret: 'value',
  },
  STRIPE_API_URL: {
    schema: z.url({ protocol: /^https?$/ }),
    description:
      "Where the Stripe API is; unset: Stripe's own. For tests against a local stand-in.",
  },
  STRIPE_PRICE_MONTHLY: {
    schema: z.string().min(1),
    default: 'price_demo_monthly',
    description: "The monthly plan's price id (POST /api/checkout names plans by it).",
  },
  STRIPE_PRICE_PASS: {
    schema: z.string().min(1),
    default: 'price_demo_pass',
    description: "The 24-hour pass's price id.",
  },
  TRUSTED_PROXIES: {
    schema: proxyList,
    description:
      'Comma-separated addresses or CIDR ranges (or loopback, linklocal, uniquelocal) of the proxies in front of us, whose X-Forwarded-For names the client that per-IP limits count; unset: no proxy header is believed and each connection counts as its peer address.',
  },
  COUNTRY_HEADER: {
    schema: z.string().regex(/^[A-Za-z0-9-]+$/, { message: 'must be a header name' }),
    default: 'cf-ipcountry',
    description:
      "Request header in which the CDN or proxy in front of us names the visitor's country.",
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    description: 'Log verbosity: fatal, error, warn, info, debug, trace or silent.',
  },
  ROLE: {
    schema: z.enum(['all', 'web', 'smtp', 'worker']),
    default: 'all',
    description:
      'What this process runs: all, web (HTTP API and dashboard), smtp (receiver and parsing) or worker (jobs). Every role answers /healthz and /readyz.',
  },
  SHUTDOWN_GRACE_MS: {
    schema: z.coerce.number().int().min(0),
    default: '10000',
    description: 'On SIGTERM, how long open requests may finish before connections are cut.',
  },
  WEBHOOK_ALLOW_PRIVATE: {
    schema: z.enum(['true', 'false']).transform((value) => value === 'true'),
    default: 'false',
    description:
      'true: webhooks may POST to private, loopback and link-local addresses (a self-hosted install whose receivers sit beside it); false: such targets are refused, checked at every connection.',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof settings;
type SettingValues = { [K in SettingName]: z.output<(typeof settings)[K]['schema']> | undefined };

export type Role = 'all' | 'web' | 'smtp' | 'worker';

export type Database =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string };

export interface Config {
  readonly http: { readonly host: string; readonly port: number };
  readonly smtp: {
    readonly host: string;
    readonly port: number;
    readonly hostname: string;
    readonly maxMessageBytes: number;
    readonly maxRecipients: number;
    readonly maxConnectionsPerIp: number;
    /** Unknown recipients per connection before 421, and per client address per hour. */
    readonly maxUnknownRecipients: number;
    readonly unknownRecipientsPerIpHour: number;
    readonly maxClients: number;
    readonly idleTimeoutMs: number;
    readonly tls: { readonly keyFile: string; readonly certFile: string } | undefined;
  };
  readonly parsing: { readonly timeoutMs: number; readonly threads: number };
  readonly jwtSecret: string | undefined;
  readonly mailTmRateLimit: number;
  /** The public API's limits: per hour by plan, and per minute for everyone. */
  readonly apiRateLimits: {
    readonly freePerHour: number;
    readonly proPerHour: number;
    readonly burstPerMinute: number;
  };
  /** API tokens one user may be issued per hour. */
  readonly apiTokensPerHour: number;
  /** New addresses per client IP, over every path that creates one. */
  readonly addressCreationLimits: { readonly perMinute: number; readonly perHour: number };
  readonly purgeIntervalMs: number;
  readonly prices: { readonly monthly: string; readonly pass: string };
  readonly stripe:
    | {
        readonly secretKey: string;
        readonly webhookSecret: string;
        readonly apiUrl: string | undefined;
      }
    | undefined;
  /** Proxies whose X-Forwarded-For is believed (Express's `trust proxy`); empty: none. */
  readonly trustedProxies: readonly string[];
  readonly countryHeader: string;
  readonly outbound: {
    readonly from: string;
    /** Where contact-form messages are mailed; undefined: they are only stored. */
    readonly supportEmail: string | undefined;
    readonly relayUrl: string | undefined;
  };
  readonly dataDir: string;
  readonly mailDomains: readonly string[];
  /** The operator's reserved names, on top of the built-in ones (features/mailboxes). */
  readonly reservedLocalParts: readonly string[];
  readonly publicUrl: string;
  /** Served over https (TLS ended here or at a proxy), as PUBLIC_URL says. */
  readonly https: boolean;
  /** Origins added to the dashboard's Content-Security-Policy (the ad network's). */
  readonly thirdPartyOrigins: readonly string[];
  readonly database: Database;
  readonly redisUrl: string | undefined;
  readonly logLevel: string;
  /** What this process runs; several processes with different roles make one service. */
  readonly role: Role;
  readonly shutdownGraceMs: number;
  /** Webhooks may reach private, loopback and link-local addresses. */
  readonly webhookAllowPrivate: boolean;
}

/** Thrown when the environment holds invalid settings; `problems` names each one. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readSettings(env: NodeJS.ProcessEnv): SettingValues {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, setting] of Object.entries(settings) as [SettingName, Setting][]) {
    const given = env[name];
    const raw = given === undefined || given === '' ? setting.default : given;
    if (raw === undefined) continue;
    const parsed = setting.schema.safeParse(raw);
    if (parsed.success) {
      values[name] = parsed.data;
    } else {
      const shown = setting.secret ? '(hidden)' : JSON.stringify(raw);
      const reasons = parsed.error.issues.map((issue) => issue.message).join('; ');
      problems.push(`${name}=${shown}: ${reasons}`);
    }
  }
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (webhooks are how payments are confirmed)',
    );
  }
  if (Boolean(values.SMTP_TLS_KEY) !== Boolean(values.SMTP_TLS_CERT)) {
    problems.push('SMTP_TLS_KEY and SMTP_TLS_CERT: set both for STARTTLS, or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return values as SettingValues;
}

function databaseFrom(url: string | undefined, dataDir: string): Database {
  if (url === undefined) return { kind: 'sqlite', file: path.resolve(dataDir, 'tempmail.db') };
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', file: path.resolve(url.slice(7)) };
  return { kind: 'postgres', url };
}

/** Reads and validates the configuration; throws ConfigError listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = readSettings(env);
  // Every setting read below has a default, so readSettings filled it in.
  const dataDir = path.resolve(values.DATA_DIR!);
  return {
    http: { host: values.HTTP_HOST!, port: values.HTTP_PORT! },
    smtp: {
      host: values.SMTP_HOST!,
      port: values.SMTP_PORT!,
      hostname: values.SMTP_HOSTNAME ?? values.MAIL_DOMAINS![0]!,
      maxMessageBytes: values.SMTP_MAX_MESSAGE_BYTES!,
      maxRecipients: values.SMTP_MAX_RECIPIENTS!,
      maxConnectionsPerIp: values.SMTP_MAX_CONNECTIONS_PER_IP!,
      maxUnknownRecipients: values.SMTP_MAX_UNKNOWN_RECIPIENTS!,
      unknownRecipientsPerIpHour: values.SMTP_UNKNOWN_RECIPIENTS_PER_IP_HOUR!,
      maxClients: values.SMTP_MAX_CLIENTS!,
      idleTimeoutMs: values.SMTP_IDLE_TIMEOUT_MS!,
      tls:
        values.SMTP_TLS_KEY && values.SMTP_TLS_CERT
          ? { keyFile: values.SMTP_TLS_KEY, certFile: values.SMTP_TLS_CERT }
          : undefined,
    },
    parsing: { timeoutMs: values.PARSE_TIMEOUT_MS!, threads: values.PARSER_THREADS! },
    jwtSecret: values.JWT_SECRET,
    mailTmRateLimit: values.MAILTM_RATE_LIMIT!,
    apiRateLimits: {
      freePerHour: values.API_FREE_REQUESTS_PER_HOUR!,
      proPerHour: values.API_PRO_REQUESTS_PER_HOUR!,
      burstPerMinute: values.API_BURST_REQUESTS_PER_MINUTE!,
    },
    apiTokensPerHour: values.API_TOKENS_PER_HOUR!,
    addressCreationLimits: {
      perMinute: values.ADDRESS_CREATION_PER_MINUTE!,
      perHour: values.ADDRESS_CREATION_PER_HOUR!,
    },
    purgeIntervalMs: values.PURGE_INTERVAL_MS!,
    prices: { monthly: values.STRIPE_PRICE_MONTHLY!, pass: values.STRIPE_PRICE_PASS! },
    stripe: values.STRIPE_SECRET_KEY
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET!,
          apiUrl: values.STRIPE_API_URL,
        }
      : undefined,
    trustedProxies: values.TRUSTED_PROXIES ?? [],
    countryHeader: values.COUNTRY_HEADER!.toLowerCase(),
    outbound: {
      from: values.MAIL_FROM ?? `TempMail <no-reply@${values.MAIL_DOMAINS![0]}>`,
      supportEmail: values.SUPPORT_EMAIL,
      relayUrl: values.SMTP_RELAY_URL,
    },
    dataDir,
    mailDomains: values.MAIL_DOMAINS!,
    reservedLocalParts: values.RESERVED_LOCAL_PARTS ?? [],
    publicUrl: values.PUBLIC_URL!,
    https: values.PUBLIC_URL!.startsWith('https://'),
    thirdPartyOrigins: values.CSP_THIRD_PARTY_ORIGINS ?? [],
    database: databaseFrom(values.DATABASE_URL, dataDir),
    redisUrl: values.REDIS_URL,
    logLevel: values.LOG_LEVEL!,
    role: values.ROLE!,
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS!,
    webhookAllowPrivate: values.WEBHOOK_ALLOW_PRIVATE!,
  };
}

const HIDDEN = '***';

/**
 * A connection URL with its password and query values hidden. A value that does not parse
 * as a URL with a host is hidden whole: `sk:live_…` parses as a URL of scheme `sk`.
 */
function maskPassword(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return HIDDEN;
  }
  if (!url.host) return HIDDEN;
  if (url.password) url.password = HIDDEN;
  // PostgreSQL takes `?password=` (and other secrets) in the query as well.
  for (const key of new Set(url.searchParams.keys())) url.searchParams.set(key, HIDDEN);
  return url.toString().replaceAll(encodeURIComponent(HIDDEN), HIDDEN);
}

/** The effective value of every setting as text, with secrets masked. */
export function describeEffectiveConfig(
  env: NodeJS.ProcessEnv = process.env,
): [SettingName, string][] {
  return (Object.entries(settings) as [SettingName, Setting][]).map(([name, setting]) => {
    const given = env[name];
    const value = given === undefined || given === '' ? setting.default : given;
    if (value === undefined) return [name, '(unset)'];
    if (setting.secret === 'value') return [name, HIDDEN];
    return [name, setting.secret === 'password' ? maskPassword(value) : value];
  });
}

/** The README's configuration table, generated from `settings`. */
export function configMarkdownTable(): string {
  const rows = (Object.entries(settings) as [SettingName, Setting][]).map(
    ([name, setting]) =>
      `| \`${name}\` | ${setting.default === undefined ? '(unset)' : `\`${setting.default}\``} | ${setting.description} |`,
  );
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
