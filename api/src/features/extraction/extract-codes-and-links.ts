import { extractCodes } from './extract-codes.js';
import { extractLinks } from './extract-links.js';
import type { ExtractedCode, ExtractedLink, MessageTexts } from './extraction-types.js';

/**
 * How far into each text extraction reads. A code or a call to act stands near the top of
 * the mail that carries it; reading a 25 MB body whole would cost the ingest a second per
 * message for nothing.
 */
export const EXTRACTION_SCAN_CHARS = { subject: 1_000, text: 64 * 1024, html: 512 * 1024 };

/** At most this many of each are kept: the likeliest codes, the links in their order. */
export const MAX_CODES = 5;
export const MAX_LINKS = 50;

export interface Extraction {
  /** Likeliest first. */
  codes: ExtractedCode[];
  /** The call to act first (its `primary` set), then the others in the order they stand. */
  links: ExtractedLink[];
}

/** What a message offers to act on: its one-time codes and its links. */
export function extractCodesAndLinks(message: MessageTexts): Extraction {
  const texts = {
    subject: message.subject.slice(0, EXTRACTION_SCAN_CHARS.subject),
    text: message.text.slice(0, EXTRACTION_SCAN_CHARS.text),
    html: message.html.slice(0, EXTRACTION_SCAN_CHARS.html),
  };
  return {
    codes: extractCodes(texts).slice(0, MAX_CODES),
    links: extractLinks(texts).slice(0, MAX_LINKS),
  };
}
