// How one frame of the inbox's event stream changes the cached list.
import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../src/features/inbox/normalize-message.js';
import { withChange } from '../src/features/inbox/use-live-messages.js';

const message = (id: string, createdAt: string, seen = false): InboxMessage => ({
  id,
  from: { address: `${id}@example.com`, name: id },
  subject: id,
  intro: '',
  seen,
  createdAt,
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

  it('takes a deleted message out', () => {
    expect(ids(withChange(list, { kind: 'deleted', id: 'b' }))).toEqual(['a', 'c', 'd']);
  });
});
