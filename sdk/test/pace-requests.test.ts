// The pace a program's calls keep, so a burst waits here rather than being refused by a
// per-second limit. The clock is Vitest's fake one: the test checks which window each call
// leaves in, not how punctually this machine's timers fire.
import { paceRequests } from '@tempmail/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function recorder() {
  const sent: { url: string; at: number }[] = [];
  const send: typeof fetch = async (input) => {
    sent.push({ url: String(input), at: Date.now() });
    return new Response('{}');
  };
  return { sent, send };
}

describe('paceRequests', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets no more than the limit leave in any window, in the order the calls were made', async () => {
    const { sent, send } = recorder();
    const paced = paceRequests(send, { requests: 3, perMs: 200 });
    const started = Date.now();
    const all = Promise.all(Array.from({ length: 7 }, (_, i) => paced(`http://api.test/${i}`)));
    await vi.advanceTimersByTimeAsync(1_000);
    await all;

    expect(sent.map((call) => call.url)).toEqual(
      Array.from({ length: 7 }, (_, i) => `http://api.test/${i}`),
    );
    for (let i = 3; i < sent.length; i++) {
      expect(sent[i]!.at - sent[i - 3]!.at).toBeGreaterThanOrEqual(200);
    }
    // The first three at once, then three a window: the seventh leaves in the third window.
    expect(sent.map((call) => call.at - started)).toEqual([0, 0, 0, 200, 200, 200, 400]);
  });

  it('does not hold calls spread wider than the limit', async () => {
    const { sent, send } = recorder();
    const paced = paceRequests(send, { requests: 2, perMs: 100 });
    for (let i = 0; i < 3; i++) {
      const before = Date.now();
      await paced('http://api.test/');
      expect(Date.now()).toBe(before);
      await vi.advanceTimersByTimeAsync(110);
    }
    expect(sent).toHaveLength(3);
  });

  it('rejects a waiting call whose signal aborts, and sends nothing for it', async () => {
    const { sent, send } = recorder();
    const paced = paceRequests(send, { requests: 1, perMs: 1_000 });
    await paced('http://api.test/first');
    const controller = new AbortController();
    const waiting = paced('http://api.test/second', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map((call) => call.url)).toEqual(['http://api.test/first']);
  });
});
