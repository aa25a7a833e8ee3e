import { readMessageText, type MessageContent } from './read-message-text.js';

// Words that introduce a one-time code. `code` may end a longer word (passcode,
// Bestätigungscode) but not one of the codes that are no secret (zip code, area code).
const keyword =
  /(?<!\b(?:zip|postal|post|area|country|bar|promo|discount|coupon|source|status|error)\s?)code\b|\b(?:c[oó]digo|verification|verify|otp|one[- ]time|passcode|password|pin|2fa|mfa|security|confirmation|confirm|authentication|login|log[- ]in|sign[- ]in|token)\b/gi;

// Words that introduce a number that is not a code (an order, a phone, an address).
const notCodeWord =
  /\b(?:zip|postal|postcode|area|order|invoice|receipt|ref|reference|account|acct|phone|tel|fax|call|suite|apt|box|ticket|case|item|sku|no\.|nr\.)\s*(?:code|number|no\.?|#)?\s*(?:is|was|:|#)?\s*$/i;

// How far a keyword may be from the code it introduces (or, after it, describes).
const BEFORE = 48;
const AFTER = 32;

interface Candidate {
  code: string;
  start: number;
  end: number;
  /** Accepted only right after a keyword: a year, or a code written as `123 456`. */
  needsKeyword: 'adjacent' | 'near' | false;
}

/**
 * The verification code in a message, or undefined. The rule, in order:
 *
 * 1. Read the subject, then the text body (the HTML body as text when there is no text
 *    body). Links and e-mail addresses are blanked first: their digits are ids, not codes.
 * 2. A candidate is a run of 4 to 8 digits standing alone: no letter, `_` or digit joined to
 *    it, and no `-`, `.`, `/`, `:` or `,` joining it to more digits (dates, times, prices,
 *    versions, IP addresses, other phone formats), no `+`, `#`, `$`, `€`, `£` before it
 *    (phone numbers, colours, amounts). Runs of 4 digits or fewer followed or preceded by
 *    another number after a single space are phone-number pieces (`555 0199`) and skipped,
 *    and so is a number right after a word that names something else: zip, postal, area
 *    code, order, invoice, receipt, ref, account, phone, tel, fax, call, suite, box,
 *    ticket, case, item, SKU, no.
 * 3. Two groups of three digits (`123 456`, `123-456`) count as one code, and a 4-digit
 *    year (1900 to 2099) counts at all, only right after a keyword.
 * 4. Keywords: code (not zip/area/promo... code), verification, verify, OTP, one-time,
 *    passcode, password, PIN, 2FA, MFA, security, confirmation, confirm, authentication,
 *    login, sign-in, token, código. A candidate up to 48 characters after a keyword beats
 *    one up to 32 characters before a keyword, which beats one with no keyword near;
 *    closer beats farther; then the first one wins.
 */
export function extractCode(message: MessageContent | string): string | undefined {
  let best: { code: string; score: number } | undefined;
  for (const text of readMessageText(message)) {
    const blanked = blankLinks(text);
    const keywords = [...blanked.matchAll(keyword)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    }));
    for (const candidate of findCandidates(blanked)) {
      const score = scoreCandidate(candidate, keywords);
      if (score === undefined) continue;
      if (best === undefined || score > best.score) best = { code: candidate.code, score };
    }
  }
  return best?.code;
}

function blankLinks(text: string): string {
  return text.replace(/\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi, (match) =>
    ' '.repeat(match.length),
  );
}

function findCandidates(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of text.matchAll(/\d+/g)) {
    const digits = match[0];
    const start = match.index;
    const end = start + digits.length;
    const before = text.slice(Math.max(0, start - 2), start);
    const after = text.slice(end, end + 2);
    if (/[\p{L}_]$/u.test(before) || /^[\p{L}_]/u.test(after)) continue;
    if (/[+#$€£]\s?$/.test(before) || /\d[-./:,]$/.test(before)) continue;

    const joinedAfter = /^[-./:,]\d/.test(after);
    const grouped = digits.length === 3 && /^[ -]\d{3}(?!\d|[-./:, ]\d)/.test(text.slice(end));
    if (grouped && !/\d[ -]$/.test(before)) {
      const second = text.slice(end + 1, end + 4);
      candidates.push({ code: digits + second, start, end: end + 4, needsKeyword: 'near' });
      continue;
    }
    if (joinedAfter) continue;
    if (digits.length < 4 || digits.length > 8) continue;
    const spacedNumber = /\d $/.test(before) || /^ \d/.test(after);
    if (spacedNumber && digits.length <= 4) continue;
    if (notCodeWord.test(text.slice(Math.max(0, start - 24), start))) continue;
    const year = digits.length === 4 && /^(?:19|20)\d\d$/.test(digits);
    candidates.push({ code: digits, start, end, needsKeyword: year ? 'adjacent' : false });
  }
  return candidates;
}

function scoreCandidate(
  candidate: Candidate,
  keywords: readonly { start: number; end: number }[],
): number | undefined {
  let score = 0;
  for (const word of keywords) {
    if (word.end <= candidate.start) {
      const distance = candidate.start - word.end;
      if (candidate.needsKeyword === 'adjacent' && distance > 3) continue;
      if (distance <= BEFORE) score = Math.max(score, 2000 - distance);
    } else if (word.start >= candidate.end && candidate.needsKeyword !== 'adjacent') {
      const distance = word.start - candidate.end;
      if (distance <= AFTER) score = Math.max(score, 1000 - distance);
    }
  }
  if (score === 0 && candidate.needsKeyword !== false) return undefined;
  return score;
}
