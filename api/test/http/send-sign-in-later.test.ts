import { expect, it } from 'vitest';
import {
  SIGN_IN_MAIL_SPREAD_MS,
  sendSignInLater,
  sendWaitingSignInsNow,
} from '../../src/http/dashboard-api/send-sign-in-later.js';

it('sends each sign-in mail at a random moment within the spread, once', async () => {
  const sentAt: number[] = [];
  const start = Date.now();
  for (let mail = 0; mail < 20; mail += 1)
    sendSignInLater(async () => {
      sentAt.push(Date.now() - start);
    });
  expect(sentAt).toEqual([]);
  await expect.poll(() => sentAt.length, { timeout: SIGN_IN_MAIL_SPREAD_MS + 2_000 }).toBe(20);
  // Spread out, not all at one moment (20 draws from a second all within 50 ms: never).
  expect(Math.max(...sentAt) - Math.min(...sentAt)).toBeGreaterThan(50);
  await sendWaitingSignInsNow();
  expect(sentAt).toHaveLength(20);
});

it('sends the waiting mails at once on stop, and waits for those on their way', async () => {
  const sent: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  sendSignInLater(async () => {
    await held;
    sent.push('held');
  });
  sendSignInLater(async () => {
    sent.push('waiting');
  });
  const stopped = sendWaitingSignInsNow();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent).toEqual(['waiting']);
  release();
  await stopped;
  expect(sent).toEqual(['waiting', 'held']);
  // Each ran once: their timers no longer fire.
  await new Promise((resolve) => setTimeout(resolve, SIGN_IN_MAIL_SPREAD_MS + 50));
  expect(sent).toEqual(['waiting', 'held']);
});
