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

/** A namespace's file: `translation` is `locales/{language}.json`, others live in folders. */
function load(namespace: string, language: string): unknown {
  const file =
    namespace === 'translation' ? `${language}.json` : path.join(namespace, `${language}.json`);
  return JSON.parse(fs.readFileSync(path.join(localesDir, file), 'utf8'));
}

describe.each(['translation', 'marketing'])('the %s locale files', (namespace) => {
  const english = keysOf(load(namespace, 'en')).sort();

  it.each(['fr', 'es', 'de'])('%s has exactly the English keys', (language) => {
    expect(keysOf(load(namespace, language)).sort()).toEqual(english);
  });
});
