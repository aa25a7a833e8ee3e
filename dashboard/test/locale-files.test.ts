import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(import.meta.dirname, '../src/shared/i18n/locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

function load(language: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8'));
}

describe('locale files', () => {
  const english = keysOf(load('en')).sort();

  it.each(['fr', 'es', 'de'])('%s has exactly the English keys', (language) => {
    expect(keysOf(load(language)).sort()).toEqual(english);
  });
});
