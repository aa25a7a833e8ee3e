// The build step that takes i18next's debug logging and default formatter out of the pages'
// bundle: the shaken library still translates as the app uses it, and carries neither part.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shakeI18nextSource } from '../scripts/shake-i18next.js';

const source = fs.readFileSync(fileURLToPath(import.meta.resolve('i18next')), 'utf8');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shaken-i18next-'));
let i18next: i18n;

beforeAll(async () => {
  const file = path.join(folder, 'i18next.mjs');
  fs.writeFileSync(file, shakeI18nextSource(source));
  i18next = ((await import(pathToFileURL(file).href)) as { default: i18n }).default;
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('shakeI18nextSource', () => {
  it('leaves no debug log message and no default formatter', () => {
    const shaken = shakeI18nextSource(source);
    // Messages of a log, a warn and a deprecate call in i18next 26.
    for (const message of ['loaded namespace', 'no plural rule found', 'replaces the logger']) {
      expect(source).toContain(message);
      expect(shaken).not.toContain(message);
    }
    expect(shaken).not.toMatch(/logger\.(log|warn|deprecate|once)\(/);
    expect(shaken).not.toContain('formatter = Formatter;');
    // The logger's errors still print.
    expect(shaken).toMatch(/logger\.error\(/);
  });

  it('still translates: interpolation, plurals, nesting, a backend, a language change', async () => {
    const texts: Record<string, Record<string, string>> = {
      en: {
        hello: 'Hello {{name}}',
        messages_one: '{{count}} message',
        messages_other: '{{count}} messages',
        nested: '$t(hello)!',
      },
      fr: {
        hello: 'Bonjour {{name}}',
        messages_one: '{{count}} message',
        messages_other: '{{count}} messages',
        nested: '$t(hello) !',
      },
    };
    const instance = i18next.createInstance();
    await instance
      .use({
        type: 'backend',
        init() {},
        read(language: string, _namespace: string, done: (error: null, data: unknown) => void) {
          setTimeout(() => done(null, texts[language]), 0);
        },
      })
      .init({ lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });

    expect(instance.t('hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(instance.t('messages', { count: 1 })).toBe('1 message');
    expect(instance.t('messages', { count: 3 })).toBe('3 messages');
    expect(instance.t('nested', { name: 'Ada' })).toBe('Hello Ada!');
    expect(instance.t('missing.key')).toBe('missing.key');
    // A format in a text, with no formatter: the value as it is.
    expect(instance.t('{{value, number}}' as never, { value: 5 })).toBe('5');

    await instance.changeLanguage('fr');
    expect(instance.t('hello', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(instance.language).toBe('fr');
  });

  it('fails the build when i18next no longer looks as expected', () => {
    expect(() => shakeI18nextSource('export default {};')).toThrow(/i18next changed/);
  });
});
