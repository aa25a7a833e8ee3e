// The in-process event bus: every subscriber once, in order, also past the slice size where
// delivery continues on later turns of the event loop; none after unsubscribing.
import { describe, expect, it } from 'vitest';
import type { MailboxEvent } from '../../src/features/messages/message-types.js';
import { LocalEventBus } from '../../src/realtime/event-bus.js';

function event(id: string): MailboxEvent {
  return {
    type: 'message.received',
    mailboxId: 'box',
    message: {
      id,
      mailboxId: 'box',
      receivedAt: 0,
      size: 1,
      parseState: 'parsed',
      msgid: null,
      from: { name: '', address: 'a@b.example' },
      to: [],
      subject: id,
      intro: '',
      seen: false,
      hasAttachments: false,
      codes: [],
      link: null,
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('LocalEventBus', () => {
  it('delivers to thousands of subscribers, each once and in order', async () => {
    const bus = new LocalEventBus();
    const heard: string[][] = Array.from({ length: 1_234 }, () => []);
    heard.forEach((list) => bus.subscribe('box', (e) => list.push(e.message.id)));
    bus.subscribe('other', () => {
      throw new Error('not this mailbox');
    });
    bus.publish(event('first'));
    bus.publish(event('second'));
    await settle();
    for (const list of heard) expect(list).toEqual(['first', 'second']);
  });

  it('skips a subscriber that leaves while a long delivery runs', async () => {
    const bus = new LocalEventBus();
    const heard: string[] = [];
    for (let i = 0; i < 600; i += 1) bus.subscribe('box', () => undefined);
    let leave: () => void = () => undefined;
    bus.subscribe('box', () => leave());
    const last = bus.subscribe('box', (e) => heard.push(e.message.id));
    leave = last;
    bus.publish(event('late'));
    await settle();
    expect(heard).toEqual([]);
  });
});
