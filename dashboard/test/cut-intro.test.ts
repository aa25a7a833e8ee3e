import { describe, expect, it } from 'vitest';
import { cutIntro, INTRO_MAX_CHARS } from '../src/features/inbox/cut-intro.js';
import { senderInitials } from '../src/features/inbox/sender-initials.js';

describe('cutIntro', () => {
  it('keeps an intro of up to 50 characters whole', () => {
    const fifty = 'x'.repeat(INTRO_MAX_CHARS);
    expect(cutIntro(fifty)).toBe(fifty);
    expect(cutIntro('Short and sweet')).toBe('Short and sweet');
  });

  it('cuts a longer one to 50 characters and an ellipsis', () => {
    expect(cutIntro('y'.repeat(51))).toBe(`${'y'.repeat(50)}…`);
    expect(cutIntro(`${'a'.repeat(49)} and more`)).toBe(`${'a'.repeat(49)}…`);
  });

  it('folds line breaks and runs of spaces', () => {
    expect(cutIntro('  Hello\n\nthere   you ')).toBe('Hello there you');
  });

  it('never splits an emoji', () => {
    expect(cutIntro(`${'😀'.repeat(51)}`)).toBe(`${'😀'.repeat(50)}…`);
  });
});

describe('senderInitials', () => {
  it('takes the first letters of the first two words', () => {
    expect(senderInitials('Alice Example')).toBe('AE');
    expect(senderInitials('zoë')).toBe('Z');
    expect(senderInitials('Jean Paul Sartre')).toBe('JP');
  });

  it('uses the local part of an address', () => {
    expect(senderInitials('mary.smith@example.com')).toBe('MS');
    expect(senderInitials('noreply@example.com')).toBe('N');
  });

  it('falls back to a question mark', () => {
    expect(senderInitials('')).toBe('?');
  });
});
