// Messages come from two APIs (mail.tm's for a free address, the product API's aggregated
// inbox for Pro), and may carry alternative field names too. The
// inbox reads only these shapes; everything else is tolerated here.

export interface MailParty {
  name: string;
  address: string;
}

/** A one-time code the server found in a message. */
export interface FoundCode {
  value: string;
  context: string;
}

/** A message's call to act (verify, sign in, reset…), as the server found it. */
export interface ActionLink {
  url: string;
  text: string;
}

/** A list row. `createdAt` is an ISO date, or '' when the message carried none. */
export interface InboxMessage {
  id: string;
  from: MailParty;
  subject: string;
  intro: string;
  seen: boolean;
  createdAt: string;
  /** The address it came to, when the list spans several (the Pro aggregated inbox). */
  mailbox?: string;
  /**
   * Its one-time codes (likeliest first) and call to act, from the product API; undefined
   * where a shape does not carry them (mail.tm's live frames).
   */
  codes?: FoundCode[];
  link?: ActionLink | null;
  /** Whether it carries files (the row shows a paperclip). */
  hasAttachments: boolean;
}

export interface OpenedAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** The Content-ID an HTML body's `cid:` URLs name, without angle brackets. */
  contentId: string | null;
  /** Shown inside the body (mail.tm's `related`), for bodies whose Content-IDs are not given. */
  related: boolean;
}

export interface OpenedMessage extends InboxMessage {
  text: string;
  html: string;
  attachments: OpenedAttachment[];
}

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const firstString = (raw: Raw, ...names: string[]): string | undefined => {
  for (const name of names) if (typeof raw[name] === 'string') return raw[name];
  return undefined;
};

/** A sender given as `{name, address}`, or as a bare (or "Name <address>") string. */
function toParty(value: unknown): MailParty | undefined {
  if (isRecord(value) && typeof value.address === 'string') {
    return { name: typeof value.name === 'string' ? value.name : '', address: value.address };
  }
  if (typeof value !== 'string') return undefined;
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return named ? { name: named[1]!, address: named[2]! } : { name: '', address: value.trim() };
}

function toDate(raw: Raw): string {
  const value = firstString(raw, 'createdAt', 'date', 'receivedAt');
  return value !== undefined && !Number.isNaN(Date.parse(value)) ? value : '';
}

/** HTML given as mail.tm's array of parts or as one string. */
function toHtml(value: unknown): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.filter((part) => typeof part === 'string').join('') : '';
}

function toAttachment(value: unknown): OpenedAttachment | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined;
  const contentId = typeof value.contentId === 'string' ? value.contentId : null;
  return {
    id: value.id,
    filename: typeof value.filename === 'string' ? value.filename : '',
    contentType: typeof value.contentType === 'string' ? value.contentType : '',
    size: typeof value.size === 'number' ? value.size : 0,
    contentId: contentId?.replace(/^<|>$/g, '') || null,
    related: value.related === true,
  };
}

function toCodes(value: unknown): FoundCode[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((code) =>
    isRecord(code) && typeof code.value === 'string'
      ? [{ value: code.value, context: typeof code.context === 'string' ? code.context : '' }]
      : [],
  );
}

/** Only an http(s) link is offered to open. */
function toLink(value: unknown): ActionLink | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value.url !== 'string') return undefined;
  return /^https?:\/\//i.test(value.url)
    ? { url: value.url, text: typeof value.text === 'string' ? value.text : '' }
    : null;
}

/** A list row from any of the shapes, or undefined when it has no id or sender. */
export function toInboxMessage(value: unknown): InboxMessage | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined;
  const from = toParty(value.from ?? value.sender);
  if (!from) return undefined;
  const text = firstString(value, 'text', 'body') ?? '';
  return {
    id: value.id,
    from,
    subject: firstString(value, 'subject', 'title') ?? '',
    intro: firstString(value, 'intro') ?? text,
    seen: value.seen === true,
    createdAt: toDate(value),
    hasAttachments: value.hasAttachments === true,
    ...(typeof value.mailbox === 'string' ? { mailbox: value.mailbox } : {}),
    ...('codes' in value ? { codes: toCodes(value.codes) ?? [] } : {}),
    ...('link' in value ? { link: toLink(value.link) ?? null } : {}),
  };
}

/** A whole message from any of the shapes, or undefined for one the preview cannot show. */
export function toOpenedMessage(value: unknown): OpenedMessage | undefined {
  const summary = toInboxMessage(value);
  if (!summary || !isRecord(value)) return undefined;
  const attachments = Array.isArray(value.attachments) ? value.attachments : [];
  return {
    ...summary,
    text: firstString(value, 'text', 'body') ?? '',
    html: toHtml(value.html ?? value.htmlContent),
    attachments: attachments.flatMap((item) => toAttachment(item) ?? []),
  };
}
