// The pace a program's calls keep, so a burst waits here rather than being refused by a
// per-second limit.
import { paceRequests } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';

function recorder() {
  const sent: { url: string; at: number }[] = [];
  const send: typeof fetch = async (input) => {
    sent.push({ url: String(input), at: Date.now() });
    return new Response('{}');
  };
  return { sent, send };
}

describe('paceRequests', () => {
  it('lets no more than the limit leave in any window, in the order the calls were made', async () => {
    const { sent, send } = recorder();
    const paced = paceRequests(send, { requests: 3, perMs: 200 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 7 }, (_, i) => paced(`http://api.test/${i}`)));

    expect(sent.map((call) => call.url)).toEqual(
      Array.from({ length: 7 }, (_, i) => `http://api.test/${i}`),
    );
    for (let i = 3; i < sent.length; i++) {
      expect(sent[i]!.at - sent[i - 3]!.at).toBeGreaterThanOrEqual(199);
    }
    // The first three at once, then three a window: the seventh leaves in the third window.
    expect(sent[2]!.at - started).toBeLessThan(100);
    expect(sent[6]!.at - started).toBeGreaterThanOrEqual(399);
  });

  it('does not hold calls spread wider than the limit', async () => {
    const { sent, send } = recorder();
    const paced = paceRequests(send, { requests: 2, perMs: 100 });
    for (let i = 0; i < 3; i++) {
      const before = Date.now();
      await paced('http://api.test/');
      expect(Date.now() - before).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 110));
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
    expect(sent.map((call) => call.url)).toEqual(['http://api.test/first']);
  });
});
