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

describe.each(['translation', 'marketing', 'prompt'])('the %s locale files', (namespace) => {
  const english = keysOf(load(namespace, 'en')).sort();

  it.each(['fr', 'es', 'de'])('%s has exactly the English keys', (language) => {
    expect(keysOf(load(namespace, language)).sort()).toEqual(english);
  });
});

/** Values a language writes exactly as English does (the same words), checked by hand. */
const SAME_AS_ENGLISH = new Set([
  'fr translation inbox.count_one',
  'fr translation inbox.count_other',
  'fr translation faqPage.count_one',
  'fr translation faqPage.count_other',
  'fr marketing comparison.rows.addressLifetime.free',
]);

function entriesOf(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) =>
    entriesOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe.each(['translation', 'marketing', 'prompt'])('the %s translations', (namespace) => {
  const english = new Map(entriesOf(load(namespace, 'en')));

  it.each(['en', 'fr', 'es', 'de'])('%s has no empty value', (language) => {
    const empty = entriesOf(load(namespace, language)).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(['fr', 'es', 'de'])('%s leaves no English sentence untranslated', (language) => {
    const untranslated = entriesOf(load(namespace, language))
      .filter(([key, value]) => {
        const source = english.get(key);
        // Short values are brand names, codes and labels such as "Pro" or "API".
        return typeof value === 'string' && value === source && value.length > 12;
      })
      .map(([key]) => `${language} ${namespace} ${key}`)
      .filter((entry) => !SAME_AS_ENGLISH.has(entry));
    expect(untranslated).toEqual([]);
  });
});
