import { describe, expect, it } from 'vitest';
import { formatByteSize } from '../src/features/inbox/format-byte-size.js';

describe('formatByteSize', () => {
  it('counts small files in bytes', () => {
    expect(formatByteSize(0, 'en')).toBe('0 bytes');
    expect(formatByteSize(1, 'en')).toBe('1 byte');
    expect(formatByteSize(1023, 'en')).toBe('1,023 bytes');
  });

  it('steps up by 1024 with one decimal under ten', () => {
    expect(formatByteSize(1536, 'en')).toBe('1.5 kB');
    expect(formatByteSize(20 * 1024, 'en')).toBe('20 kB');
    expect(formatByteSize(3 * 1024 * 1024, 'en')).toBe('3 MB');
    expect(formatByteSize(5 * 1024 ** 4, 'en')).toBe('5,120 GB');
  });

  it('writes numbers the reader’s way', () => {
    expect(formatByteSize(1536, 'de')).toBe('1,5 kB');
  });
});
