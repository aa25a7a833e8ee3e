import { describe, expect, it } from 'vitest';
import {
  filterMessages,
  inboxEmptyState,
  newBadgeId,
  senderLabel,
  type InboxView,
  type ListedMessage,
} from '../src/features/inbox/filter-messages.js';

function message(
  id: string,
  fields: Partial<Omit<ListedMessage, 'from'>> & { name?: string; address?: string },
): ListedMessage {
  return {
    id,
    from: { name: fields.name ?? '', address: fields.address ?? `${id}@example.com` },
    subject: fields.subject ?? '',
    intro: fields.intro ?? '',
    seen: fields.seen ?? false,
    createdAt: fields.createdAt ?? '2026-03-12T10:00:00+00:00',
  };
}

const inbox = [
  message('a', {
    name: 'Zoë Martin',
    subject: 'Your invoice',
    intro: 'Amount due: 12 EUR',
    seen: true,
    createdAt: '2026-03-12T09:00:00+00:00',
  }),
  message('b', {
    address: 'billing@shop.test',
    subject: 'apple order shipped',
    intro: 'Tracking number inside',
    createdAt: '2026-03-12T11:00:00+00:00',
  }),
  message('c', {
    name: 'Ana',
    subject: 'Ça va ?',
    intro: 'Lunch on Friday?',
    createdAt: '2026-03-12T10:00:00+00:00',
  }),
];
const view = (changes: Partial<InboxView>): InboxView => ({
  search: '',
  filter: 'all',
  sort: 'date',
  ...changes,
});
const ids = (messages: ListedMessage[]) => messages.map((m) => m.id);

describe('filterMessages', () => {
  it('sorts by date, newest first, by default', () => {
    expect(ids(filterMessages(inbox, view({}), 'en'))).toEqual(['b', 'c', 'a']);
  });

  it('sorts by sender name, else address, ignoring case and accents', () => {
    expect(ids(filterMessages(inbox, view({ sort: 'sender' }), 'en'))).toEqual(['c', 'b', 'a']);
  });

  it('sorts by subject in the reader’s language', () => {
    expect(ids(filterMessages(inbox, view({ sort: 'subject' }), 'fr'))).toEqual(['b', 'c', 'a']);
  });

  it('breaks ties by date, newest first', () => {
    const twins = [
      message('old', { subject: 'Same', createdAt: '2026-03-12T08:00:00+00:00' }),
      message('new', { subject: 'same', createdAt: '2026-03-12T12:00:00+00:00' }),
    ];
    expect(ids(filterMessages(twins, view({ sort: 'subject' }), 'en'))).toEqual(['new', 'old']);
  });

  it('keeps the server’s order for messages of the same second', () => {
    const twins = [message('x', {}), message('y', {})];
    expect(ids(filterMessages(twins, view({}), 'en'))).toEqual(['x', 'y']);
  });

  it('filters unread and read', () => {
    expect(ids(filterMessages(inbox, view({ filter: 'unread' }), 'en'))).toEqual(['b', 'c']);
    expect(ids(filterMessages(inbox, view({ filter: 'read' }), 'en'))).toEqual(['a']);
  });

  it('searches sender name, sender address, subject and intro, case-insensitively', () => {
    const found = (search: string) => ids(filterMessages(inbox, view({ search }), 'en'));
    expect(found('zoë')).toEqual(['a']);
    expect(found('BILLING@')).toEqual(['b']);
    expect(found('Invoice')).toEqual(['a']);
    expect(found('friday')).toEqual(['c']);
    expect(found('  tracking ')).toEqual(['b']);
    expect(found('nothing like it')).toEqual([]);
  });

  it('combines search with the filter', () => {
    expect(ids(filterMessages(inbox, view({ search: 'e', filter: 'read' }), 'en'))).toEqual(['a']);
  });

  it('leaves the list it was given alone', () => {
    const copy = [...inbox];
    filterMessages(inbox, view({ sort: 'sender' }), 'en');
    expect(inbox).toEqual(copy);
  });
});

describe('inboxEmptyState', () => {
  it('says the inbox is empty when it has no message at all', () => {
    expect(inboxEmptyState(0, view({ search: 'x', filter: 'read' }))).toBe('empty');
  });

  it('names the search, then the filter, that hid every message', () => {
    expect(inboxEmptyState(3, view({ search: 'x', filter: 'unread' }))).toBe('noMatches');
    expect(inboxEmptyState(3, view({ filter: 'unread' }))).toBe('noUnread');
    expect(inboxEmptyState(3, view({ filter: 'read' }))).toBe('noRead');
  });
});

describe('newBadgeId', () => {
  it('marks the first row shown when sorted by date, read or not, and none in other sorts', () => {
    const byDate = filterMessages(inbox, view({}), 'en');
    expect(newBadgeId(byDate, view({}))).toBe(byDate[0]!.id);
    const read = inbox.map((m) => ({ ...m, seen: true }));
    expect(newBadgeId(filterMessages(read, view({}), 'en'), view({}))).toBe(byDate[0]!.id);
    // Narrowed, the badge goes to the first of what is shown.
    const narrowed = filterMessages(inbox, view({ search: 'billing' }), 'en');
    expect(newBadgeId(narrowed, view({ search: 'billing' }))).toBe(narrowed[0]!.id);
    expect(
      newBadgeId(filterMessages(inbox, view({ sort: 'sender' }), 'en'), view({ sort: 'sender' })),
    ).toBeNull();
    expect(newBadgeId([], view({}))).toBeNull();
  });
});

describe('senderLabel', () => {
  it('is the name, else the address', () => {
    const [named, unnamed] = inbox;
    expect(senderLabel(named!)).toBe('Zoë Martin');
    expect(senderLabel(unnamed!)).toBe('billing@shop.test');
  });
});
