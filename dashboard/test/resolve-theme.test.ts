import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme } from '../src/shared/preferences/resolve-theme.js';

describe('parseThemeChoice', () => {
  it('keeps the three known values', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('system')).toBe('system');
  });

  it('defaults to system when missing or unknown', () => {
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('Dark')).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('follows the OS only for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
