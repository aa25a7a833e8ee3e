// Extraction measured on the labelled corpus in fixtures/extraction and
// fixtures/extraction-holdout (see their READMEs): 140 realistic messages in English,
// French, Spanish and German, codes and links among decoys, and mail with neither. The
// targets: precision 0.97 and recall 0.95 for the primary code, 0.95 for the primary link.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { primaryCode } from '../../../src/features/extraction/extract-codes.js';
import { extractLinks, primaryLink } from '../../../src/features/extraction/extract-links.js';
import { htmlToText } from '../../../src/ingest/html-to-text.js';

interface Labelled {
  description: string;
  subject: string;
  text: string | null;
  html: string | null;
  expected: { code: string | null; link: string | null; linkKind: string | null };
}

/** The corpus, and a second set written apart from it and from the extractor. */
const corpusDirs = ['extraction', 'extraction-holdout'].map((name) =>
  path.resolve(import.meta.dirname, '../../fixtures', name),
);
const corpus = corpusDirs.flatMap((corpusDir) =>
  fs
    .readdirSync(corpusDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      fs
        .readdirSync(path.join(corpusDir, language.name))
        .filter((file) => file.endsWith('.json'))
        .map((file) => ({
          name: `${path.basename(corpusDir)}/${language.name}/${file}`,
          message: JSON.parse(
            fs.readFileSync(path.join(corpusDir, language.name, file), 'utf8'),
          ) as Labelled,
        })),
    ),
);

/** The message as the server holds it: the HTML's text stands in for a missing text body. */
function stored(message: Labelled) {
  const html = message.html ?? '';
  return { subject: message.subject, text: message.text ?? htmlToText(html), html };
}

/** Precision and recall of a guess per message against its label, with the misses named. */
function score(guesses: { name: string; guess: string | null; label: string | null }[]) {
  const made = guesses.filter(({ guess }) => guess !== null);
  const labelled = guesses.filter(({ label }) => label !== null);
  const right = guesses.filter(({ guess, label }) => guess !== null && guess === label);
  return {
    precision: made.length === 0 ? 1 : right.length / made.length,
    recall: labelled.length === 0 ? 1 : right.length / labelled.length,
    misses: guesses
      .filter(({ guess, label }) => guess !== label)
      .map(({ name, guess, label }) => `${name}: found ${guess}, labelled ${label}`),
  };
}

describe('extraction on the labelled corpus', () => {
  it('has at least 20 messages in each of the four languages', () => {
    for (const language of ['en', 'fr', 'es', 'de']) {
      const written = corpus.filter(({ name }) => name.includes(`/${language}/`));
      expect(written.length).toBeGreaterThanOrEqual(20);
    }
  });

  it('finds the primary code: precision >= 0.97, recall >= 0.95', () => {
    const result = score(
      corpus.map(({ name, message }) => ({
        name,
        guess: primaryCode(stored(message)) ?? null,
        label: message.expected.code,
      })),
    );
    expect(
      { precision: result.precision >= 0.97, recall: result.recall >= 0.95 },
      `precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)}\n${result.misses.join('\n')}`,
    ).toEqual({ precision: true, recall: true });
  });

  it('finds the primary link: precision and recall >= 0.95', () => {
    const result = score(
      corpus.map(({ name, message }) => ({
        name,
        guess: primaryLink(extractLinks(stored(message)))?.url ?? null,
        label: message.expected.link,
      })),
    );
    expect(
      { precision: result.precision >= 0.95, recall: result.recall >= 0.95 },
      `precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)}\n${result.misses.join('\n')}`,
    ).toEqual({ precision: true, recall: true });
  });
});
