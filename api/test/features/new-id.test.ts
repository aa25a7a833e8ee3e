import { describe, expect, it } from 'vitest';
import { newId, newOrderedId } from '../../src/features/new-id.js';

const SHAPE = /^[0-9a-f]{24}$/;

describe('new ids', () => {
  it('are 24 hex digits that start with the second they were made in', () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const seconds = (now / 1000).toString(16);
    for (const id of [newId(now), newOrderedId(now)]) {
      expect(id).toMatch(SHAPE);
      expect(id.startsWith(seconds)).toBe(true);
    }
  });

  it('never repeat, ordered or not', () => {
    const now = Date.now();
    const ids = Array.from({ length: 5_000 }, (_, n) => (n % 2 ? newId(now) : newOrderedId(now)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sort in the order they were made within a second when ordered', () => {
    const now = Date.now();
    const ids = Array.from({ length: 1_000 }, () => newOrderedId(now));
    const counters = ids.map((id) => parseInt(id.slice(8, 14), 16));
    // The 3-byte counter after the seconds goes up by one each time, wrapping at its end.
    counters.slice(1).forEach((counter, n) => expect(counter).toBe((counters[n]! + 1) % 2 ** 24));
    const wrapped = counters.indexOf(0);
    const runs = wrapped > 0 ? [ids.slice(0, wrapped), ids.slice(wrapped)] : [ids];
    for (const run of runs) expect(run).toEqual([...run].sort());
  });
});
