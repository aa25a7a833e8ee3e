import type { InboxMessage } from './normalize-message';

export const INBOX_FILTERS = ['all', 'unread', 'read'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_SORTS = ['date', 'sender', 'subject'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export interface InboxView {
  /** Matched case-insensitively against the sender's name and address, subject and intro. */
  search: string;
  filter: InboxFilter;
  sort: InboxSort;
}

/** The fields of a list row this module reads, so tests can build rows without the rest. */
export type ListedMessage = Pick<
  InboxMessage,
  'id' | 'from' | 'subject' | 'intro' | 'seen' | 'createdAt'
>;

/** What a row is labelled and sorted by: the sender's name, else the address. */
export function senderLabel(message: Pick<ListedMessage, 'from'>): string {
  return message.from.name.trim() || message.from.address;
}

function matchesSearch(message: ListedMessage, needle: string): boolean {
  if (needle === '') return true;
  return [message.from.name, message.from.address, message.subject, message.intro].some((field) =>
    field.toLocaleLowerCase().includes(needle),
  );
}

function matchesFilter(message: ListedMessage, filter: InboxFilter): boolean {
  if (filter === 'unread') return !message.seen;
  if (filter === 'read') return message.seen;
  return true;
}

/**
 * Newest first, to the second. The free inbox's stream speaks mail.tm's format, whose times
 * have whole seconds, while its list has milliseconds: compared finer, a message just
 * announced would sort below one listed earlier in its second, then jump above it when the
 * list is read again. Within a second the order stands: the server's (which knows the
 * milliseconds), with a newly announced message first. A message without a date goes last.
 */
export const newestFirst = (
  a: Pick<ListedMessage, 'createdAt'>,
  b: Pick<ListedMessage, 'createdAt'>,
) => receivedSecond(b) - receivedSecond(a);

const receivedSecond = ({ createdAt }: Pick<ListedMessage, 'createdAt'>) =>
  Math.floor((Date.parse(createdAt) || 0) / 1000);

/**
 * Kept per locale, and built only for a sort by name: the first Collator of a page loads
 * ICU's collation data, 53 ms of the home page's start-up with the CPU slowed 4x (profiled
 * in Chromium), though the inbox opens sorted by date.
 */
const collators = new Map<string, Intl.Collator>();

function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * The rows the inbox shows: filtered and searched on the
 * client only, then sorted by date (newest first), sender or subject (A to Z in the reader's
 * language). Ties keep date order, then the order the server gave.
 */
export function filterMessages<T extends ListedMessage>(
  messages: readonly T[],
  view: InboxView,
  locale: string,
): T[] {
  const needle = view.search.trim().toLocaleLowerCase();
  const kept = messages.filter(
    (message) => matchesFilter(message, view.filter) && matchesSearch(message, needle),
  );
  if (view.sort === 'date') return kept.sort(newestFirst);
  const collator = collatorFor(locale);
  const key = (message: ListedMessage) =>
    view.sort === 'sender' ? senderLabel(message) : message.subject;
  return kept.sort((a, b) => collator.compare(key(a), key(b)) || newestFirst(a, b));
}

/** Which empty state an empty list shows; the search wins over the filter, as it was typed last. */
export type InboxEmptyState = 'empty' | 'noMatches' | 'noUnread' | 'noRead';

export function inboxEmptyState(total: number, view: InboxView): InboxEmptyState {
  if (total === 0) return 'empty';
  if (view.search.trim() !== '') return 'noMatches';
  return view.filter === 'unread' ? 'noUnread' : view.filter === 'read' ? 'noRead' : 'noMatches';
}

/**
 * The row that carries the "New" badge: the first one shown, when the list is sorted by date
 * (newest first), so it is the newest of what the reader sees. Other sorts show no badge.
 */
export function newBadgeId(shown: readonly ListedMessage[], view: InboxView): string | null {
  return view.sort === 'date' ? (shown[0]?.id ?? null) : null;
}
