// How one frame of the inbox's event stream changes the cached list.
import { describe, expect, it } from 'vitest';
import { filterMessages } from '../src/features/inbox/filter-messages.js';
import type { InboxMessage } from '../src/features/inbox/normalize-message.js';
import { lacksCodes, withChange } from '../src/features/inbox/use-live-messages.js';

const message = (id: string, createdAt: string, seen = false): InboxMessage => ({
  id,
  from: { address: `${id}@example.com`, name: id },
  subject: id,
  intro: '',
  seen,
  createdAt,
  hasAttachments: false,
});

// Three messages of the same second (mail.tm's times have whole seconds), then an older one.
const SAME_SECOND = '2026-11-26T10:00:05.000Z';
const list = [
  message('a', SAME_SECOND),
  message('b', SAME_SECOND),
  message('c', SAME_SECOND),
  message('d', '2026-11-26T10:00:01.000Z'),
];
const ids = (messages: InboxMessage[]) => messages.map(({ id }) => id);

describe('withChange', () => {
  it('marks a message seen where it stands, not above others of its second', () => {
    const changed = withChange(list, { kind: 'message', message: { ...list[2]!, seen: true } });
    expect(ids(changed)).toEqual(['a', 'b', 'c', 'd']);
    expect(changed[2]!.seen).toBe(true);
  });

  it('sorts a new message in by its time', () => {
    const fresh = message('e', '2026-11-26T10:00:03.000Z');
    expect(ids(withChange(list, { kind: 'message', message: fresh }))).toEqual([
      'a',
      'b',
      'c',
      'e',
      'd',
    ]);
  });

  it('puts a new message timed to the second above those listed earlier in its second', () => {
    // The list has milliseconds; mail.tm's stream, which announces the new one, whole seconds.
    const listed = [
      message('b', '2026-11-26T10:00:05.700Z'),
      message('a', '2026-11-26T10:00:05.200Z'),
    ];
    const announced = message('c', '2026-11-26T10:00:05+00:00');
    const changed = withChange(listed, { kind: 'message', message: announced });
    expect(ids(changed)).toEqual(['c', 'b', 'a']);
    expect(ids(filterMessages(changed, { search: '', filter: 'all', sort: 'date' }, 'en'))).toEqual(
      ['c', 'b', 'a'],
    );
  });

  it('takes a deleted message out', () => {
    expect(ids(withChange(list, { kind: 'deleted', id: 'b' }))).toEqual(['a', 'c', 'd']);
  });
});

describe('codes and links from frames that lack them', () => {
  const code = { value: '482913', context: 'Your code is 482913.' };
  const link = { url: 'https://shop.example/verify', text: 'Verify' };
  const withCode = [{ ...message('a', SAME_SECOND), codes: [code], link }];

  it('keeps a listed message’s code when a mail.tm frame marks it seen', () => {
    const frame = { ...message('a', SAME_SECOND), seen: true };
    expect(withChange(withCode, { kind: 'message', message: frame })).toEqual([
      { ...frame, codes: [code], link },
    ]);
    expect(lacksCodes(withCode, { kind: 'message', message: frame })).toBe(false);
  });

  it('takes a frame’s own codes and link when it has them, even none', () => {
    const frame = { ...message('a', SAME_SECOND), codes: [], link: null };
    expect(withChange(withCode, { kind: 'message', message: frame })).toEqual([frame]);
  });

  it('asks for a read of the list for a new message that came without them', () => {
    const fresh = message('e', '2026-11-26T10:00:09.000Z');
    expect(lacksCodes(withCode, { kind: 'message', message: fresh })).toBe(true);
    expect(lacksCodes(withCode, { kind: 'message', message: { ...fresh, codes: [] } })).toBe(false);
    expect(lacksCodes(withCode, { kind: 'deleted', id: 'a' })).toBe(false);
  });
});
