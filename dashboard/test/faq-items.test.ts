import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FAQ_CATEGORIES,
  FAQ_ITEMS,
  FAQ_TOPICS,
  FAQ_TOPIC_OF,
  faqJsonLd,
} from '../src/features/marketing/faq-items.js';
import { marketingValues } from '../src/features/marketing/marketing-values.js';
import { serializeForScript } from '../src/shared/serialize-for-script.js';

const LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
const localesDir = path.resolve(import.meta.dirname, '../src/shared/i18n/locales/marketing');

type Texts = { [key: string]: string | Texts };

function load(language: string): Texts {
  return JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Texts;
}

function lookup(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function strings(texts: Texts): string[] {
  return Object.values(texts).flatMap((value) =>
    typeof value === 'string' ? [value] : strings(value),
  );
}

/** i18next's `{{name}}` interpolation, enough to read the texts as a visitor would. */
function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

function translator(language: string) {
  const texts = load(language);
  return (key: string, values: Record<string, string | number> = {}) =>
    interpolate(lookup(texts, key) ?? key, values);
}

describe('the FAQ items', () => {
  it('has the 35 items, with unique kebab-case ids', () => {
    expect(FAQ_ITEMS).toHaveLength(35);
    const ids = FAQ_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('uses every category, and only those', () => {
    const used = new Set(FAQ_ITEMS.map((item) => item.category));
    expect([...used].sort()).toEqual([...FAQ_CATEGORIES].sort());
    expect(FAQ_CATEGORIES).toHaveLength(16);
  });

  it('gathers the categories into the FAQ page’s topics, none of them empty', () => {
    const topics = new Set(FAQ_ITEMS.map((item) => FAQ_TOPIC_OF[item.category]));
    expect([...topics].sort()).toEqual([...FAQ_TOPICS].sort());
  });

  it.each(LANGUAGES)('has a question and an answer for every item in %s', (language) => {
    const texts = load(language);
    for (const { id } of FAQ_ITEMS) {
      expect(lookup(texts, `faq.${id}.question`)?.trim(), `${id} question`).toBeTruthy();
      expect(lookup(texts, `faq.${id}.answer`)?.trim(), `${id} answer`).toBeTruthy();
    }
  });
});

describe.each(LANGUAGES)('the %s marketing texts', (language) => {
  const texts = load(language);
  const values = { ...marketingValues(language), year: 2025 };

  it('take every number from the product facts, never spelling one', () => {
    for (const text of strings(texts)) {
      expect(text.replace(/\{\{\w+\}\}/g, ''), text).not.toMatch(/\d/);
    }
  });

  it('fill every placeholder they use', () => {
    for (const text of strings(texts)) expect(interpolate(text, values), text).not.toContain('{{');
  });

  it('never give the old 10-minute lifetime', () => {
    for (const text of strings(texts)) {
      expect(interpolate(text, values), text).not.toMatch(/\b10\s*(minutes?|minutos?|Minuten)\b/i);
    }
  });

  it('never promise sending mail: the service is receive-only', () => {
    const promises = [
      /\byou can (also )?(send|reply|compose)\b/i,
      /\bvous pouvez (aussi )?(envoyer|répondre)/i,
      /\bpuedes (también )?(enviar|responder)/i,
      /\bkönnen Sie (auch )?(E-Mails )?(senden|versenden|verschicken|beantworten)/i,
      /\b(outbound|sortants?|salientes?|ausgehende)\b/i,
    ];
    for (const text of strings(texts)) {
      for (const promise of promises) expect(text, text).not.toMatch(promise);
    }
    const noSending = lookup(texts, 'faq.can-i-send-email.answer') ?? '';
    expect(noSending).toMatch(/^(No|Non|Nein)\./);
  });
});

describe('faqJsonLd', () => {
  it('describes every item as a schema.org FAQPage question with its answer', () => {
    const data = faqJsonLd(translator('fr'), 'fr');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(35);
    const first = data.mainEntity[0]!;
    expect(first).toEqual({
      '@type': 'Question',
      name: 'Qu’est-ce qu’une adresse e-mail temporaire ?'
        .replace(/’/g, "'")
        .replace(' ?', '\u202f?'),
      acceptedAnswer: { '@type': 'Answer', text: expect.stringContaining('vraie adresse') },
    });
    const pricing = data.mainEntity.find((entry) => entry.name === 'Combien coûte Pro\u202f?');
    expect(pricing?.acceptedAnswer.text).toMatch(/3\s\$US/);
  });

  it('serializes with < escaped, so no answer can close the script element', () => {
    const json = serializeForScript({ text: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});
