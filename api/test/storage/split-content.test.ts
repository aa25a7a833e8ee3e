import { describe, expect, it } from 'vitest';
import {
  CONTENT_PIECE_BYTES,
  insertGroups,
  joinContent,
  splitContent,
} from '../../src/storage/split-content.js';

describe('splitContent and joinContent', () => {
  it('keeps content up to one piece whole, without a copy', () => {
    const content = new Uint8Array(CONTENT_PIECE_BYTES).fill(1);
    const { first, rest } = splitContent(content);
    expect(rest).toEqual([]);
    expect(first.buffer).toBe(content.buffer);
    expect(joinContent(first, rest)).toBe(first);
  });

  it('splits larger content into views of whole pieces and joins it back', () => {
    const content = Uint8Array.from({ length: CONTENT_PIECE_BYTES * 2 + 3 }, (_, i) => i % 251);
    const { first, rest } = splitContent(content);
    expect([first, ...rest].map((piece) => piece.byteLength)).toEqual([
      CONTENT_PIECE_BYTES,
      CONTENT_PIECE_BYTES,
      3,
    ]);
    expect(rest.every((piece) => piece.buffer === content.buffer)).toBe(true);
    expect(Buffer.from(joinContent(first, rest)).equals(Buffer.from(content))).toBe(true);
  });

  it('splits empty content into one empty piece', () => {
    expect(splitContent(new Uint8Array(0))).toEqual({ first: new Uint8Array(0), rest: [] });
  });
});

describe('insertGroups', () => {
  const sizes = (groups: Iterable<number[]>) => [...groups];

  it('caps each group by rows', () => {
    expect(sizes(insertGroups([1, 1, 1, 1, 1], 2, (n) => n))).toEqual([[1, 1], [1, 1], [1]]);
  });

  it('caps each group by content bytes, and never leaves a row out', () => {
    const half = CONTENT_PIECE_BYTES / 2;
    const big = CONTENT_PIECE_BYTES * 3;
    expect(sizes(insertGroups([half, half, 1, big, 1], 100, (n) => n))).toEqual([
      [half, half],
      [1],
      [big],
      [1],
    ]);
  });

  it('yields nothing for no rows', () => {
    expect(sizes(insertGroups([], 10, () => 0))).toEqual([]);
  });
});
