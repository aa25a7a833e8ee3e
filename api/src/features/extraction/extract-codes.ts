import type { ExtractedCode, MessageTexts } from './extraction-types.js';

/**
 * Words that say a one-time code is near, in English, French, Spanish and German. `code`
 * may end a longer word (passcode, Bestätigungscode, Sicherheitscode) but not one of the
 * codes that are no secret (zip code, area code, promo code). That is checked looking back
 * from after `code`, so that the look-behind runs only where `code` stands, not at every
 * character of the text. No word spans a line break (keywordsNear relies on it).
 */
const KEYWORD = new RegExp(
  [
    String.raw`code\b(?<!\b(?:zip|postal|post|area|country|bar|promo|discount|coupon|source|status|error|gift|voucher|rabatt|gutschein|réduction|descuento|postale?|auth|authorization|approval|booking|buchungs|reservierungs|reservation|r[ée]servation|reserva)[\s-]?code)`,
    String.raw`\b(?:c[oó]digo|verification|verify|otp|one[- ]time|passcode|password|pin|tan|2fa|mfa|security|confirmation|confirm|authentication|login|log[- ]in|sign[- ]in|token)\b`,
    String.raw`\b(?:v[ée]rification|v[ée]rifier|confirmer|connexion|mot de passe|s[ée]curit[ée]|authentification|usage unique)\b`,
    String.raw`\b(?:verificaci[oó]n|verificar|confirmaci[oó]n|confirmar|contrase[nñ]a|seguridad|acceso|inicio de sesi[oó]n|clave|autenticaci[oó]n|un solo uso)\b`,
    String.raw`(?:best[äa]tigung|verifizierung|anmeldung|anmelde|kennwort|passwort|sicherheits|einmal|authentifizierung|zugangs)`,
  ].join('|'),
  // Not 'u': its case folding made this scan about 8 times slower (86 µs against 11 µs on a
  // 2 KB text), and every letter here folds the same without it.
  'gi',
);

/**
 * Words right before a number that name it as something else: an order, an invoice, a
 * phone, a postal code, a customer or ticket number, an account, any German "-nummer".
 * Read on the 32 characters before the number, on its line.
 */
const NOT_CODE = new RegExp(
  String.raw`(?:\p{L}{3,}nummer\s*(?:ist|lautet)?\s*[:#]?\s*$)|(?:\b(?:zip|postal|postcode|plz|area|order|invoice|receipt|ref|reference|account|acct|phone|tel|fax|call|suite|apt|box|ticket|case|item|sku|tracking|shipment|parcel|customer|member|vat|iban|no\.|nr\.|n[°º]|n\.\s?[°º]|ending in|ends in|endet auf|endend auf|se terminant par|terminant par|terminado en|que termina en|commande|facture|re[çc]u|r[ée]f[ée]rence|compte|t[ée]l[ée]phone|client|colis|suivi|dossier|pedido|factura|recibo|referencia|cuenta|tel[ée]fono|cliente|env[ií]o|seguimiento|bestellung|bestellnummer|rechnung|rechnungsnummer|kundennummer|kunden|konto|telefon|sendung|sendungsnummer|auftrag|vorgang|ticketnummer|ust|mwst|tva|iva|nif|cif)\s*(?:code|number|num[ée]ro|n[úu]mero|nummer|no\.?|nr\.?|n\.?\s?[°º]|#|postal|de\s+\w+)?\s*(?:is|was|est|es|ist|lautet|:|#)?\s*)$`,
  'iu',
);

/**
 * Words right after a number that make it a quantity: "2000 bonus points", "1200 attempts",
 * "5000 users", "2026 miles", in the four languages. Read on the 24 characters after the
 * number, on its line.
 */
const QUANTITY_AFTER = new RegExp(
  String.raw`^\s*(?:bonus\s+|extra\s+|free\s+|more\s+|new\s+)?(?:points?|pts|punkte|puntos|attempts?|tries|tentatives?|intentos|versuche|times|fois|veces|mal|credits?|cr[ée]dits?|cr[ée]ditos|coins?|miles?|meilen|millas|km|kg|users?|members?|people|personnes|personas|customers?|clients?|subscribers?|abonn[ée]s|followers?|messages?|mensajes|nachrichten|e-?mails?|items?|articles?|art[íi]culos|artikel|products?|produits?|productos|produkte|orders?|days?|jours|d[íi]as|tage|hours?|heures|horas|stunden|minutes?|minutos|minuten|seconds?|secondes|segundos|sekunden|years?|ans|a[ñn]os|jahre|months?|mois|meses|monate|weeks?|semaines|semanas|wochen|words?|mots|palabras|w[öo]rter|views?|vues|downloads?|t[ée]l[ée]chargements|descargas)\b`,
  'iu',
);

/**
 * Words that say the code in their sentence has already stopped working ("your old code
 * 111111 has expired"), in the four languages: past participles and "old", "previous". Not
 * what every code's sentence says of its future ("expires in 10 minutes", French "expire
 * dans", "no longer valid after that", "danach ungültig"). Such a code still counts, after
 * every other: a mail that sends a new code beside the old one means the new one.
 */
const STALE = new RegExp(
  String.raw`(?<!\p{L})(?:expired|old|previous|earlier|invalidated|replaced|ancien(?:ne)?|expirée?|pr[ée]c[ée]dente?|anterior|caducad[oa]|expirad[oa]|abgelaufen(?:e[nrs]?)?|alte[nrs]?|vorherige[nrs]?)(?!\p{L})`,
  'iu',
);
/** Enough to put a stale code after every other, whatever their distances. */
const STALE_PENALTY = 1_000;

/** How far a keyword may be before the code it introduces, or after the code it describes. */
const BEFORE = 48;
const AFTER = 32;
/** How far the line before a code that stands alone may introduce it. */
const LINE_BEFORE = 120;
/** A context sentence is cut to this many characters around the code. */
const CONTEXT_LENGTH = 160;

/** Where a code word stands in a text. */
interface KeywordPlace {
  start: number;
  end: number;
}

interface Candidate {
  value: string;
  start: number;
  end: number;
  /** What the candidate needs to count: any keyword near, or one right before it. */
  needs: 'keyword' | 'adjacent-keyword';
  /** Alone on its line (a code box): the line before may introduce it from farther away. */
  alone: boolean;
  /** Whether a code word after it may vouch for it ("482913 is your code"). */
  after: boolean;
}

/**
 * The one-time codes of a message, the likeliest first, each with the sentence around it.
 * Read in the subject, then the text body (the server writes HTML-only mail as text).
 *
 * A candidate is a number of 4 to 8 digits standing alone (no letter, `_`, `+`, `#`, a
 * currency sign or a joined `-./:,`-number beside it: not part of an id, a phone, a price,
 * a date, a time or a version), a code written in groups (`123 456`, `12-34-56`,
 * `1 2 3 4 5 6`), or 6 to 8 capitals and digits mixed (`K7Q2XP`). Links and e-mail
 * addresses are blanked first; a number right after a word that names it as something else
 * (order, invoice, phone, postal code… in the four languages), or right before one that
 * counts with it (points, attempts, users, days…), is not one. Every candidate
 * needs a code word near it (up to 48 characters before, or 32 after): a number with no such
 * context is not a code. Grouped and mixed codes, and years, need one right before them.
 * Closer beats farther, before beats after, the subject and the earlier text break ties; a
 * code its sentence calls expired, old or replaced comes after every other.
 */
export function extractCodes(message: MessageTexts): ExtractedCode[] {
  const found = new Map<string, { code: ExtractedCode; score: number }>();
  let order = 0;
  for (const text of [message.subject, message.text]) {
    if (!text?.trim()) continue;
    const blanked = blankLinks(text);
    const candidates = findCandidates(blanked);
    // Most mail has no number that could be a code: the keyword scan is skipped for it.
    if (candidates.length === 0) continue;
    const keywords = keywordsNear(blanked, candidates);
    for (const candidate of candidates) {
      const near = scoreCandidate(candidate, keywords, blanked);
      if (near === undefined) continue;
      const context = contextOf(text, candidate);
      const stale = STALE.test(context) ? STALE_PENALTY : 0;
      // Earlier texts and earlier places win ties.
      const score = (near - stale) * 1000 - order++;
      const known = found.get(candidate.value);
      if (!known || score > known.score) {
        found.set(candidate.value, { code: { value: candidate.value, context }, score });
      }
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score).map(({ code }) => code);
}

/** The primary code: the likeliest, or undefined. */
export function primaryCode(message: MessageTexts): string | undefined {
  return extractCodes(message)[0]?.value;
}

function blankLinks(text: string): string {
  // What the pattern below needs, looked for first: a long text with neither is common.
  if (!/https?:\/\/|www\.|@/i.test(text)) return text;
  return text.replace(/\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi, (match) =>
    ' '.repeat(match.length),
  );
}

/**
 * The code words that may vouch for a candidate: those ending at most LINE_BEFORE before
 * it or starting at most AFTER after it. KEYWORD runs only over the lines around the
 * candidates, not the whole text (a 2 KB mail has one code and 2 KB to scan). No code word
 * spans a line break, so a scan from the start of a line to the end of one finds exactly
 * the words a scan of the whole text finds there (what stands before, which the
 * look-behind reads, is kept).
 */
function keywordsNear(text: string, candidates: readonly Candidate[]): KeywordPlace[] {
  const lines: { from: number; to: number }[] = [];
  for (const { start, end } of [...candidates].sort((a, b) => a.start - b.start)) {
    const from = text.lastIndexOf('\n', Math.max(0, start - LINE_BEFORE) - 1) + 1;
    const lineEnd = text.indexOf('\n', end + AFTER);
    const to = lineEnd === -1 ? text.length : lineEnd;
    const last = lines.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else lines.push({ from, to });
  }
  const keywords: KeywordPlace[] = [];
  for (const { from, to } of lines) {
    const upToLineEnd = text.slice(0, to);
    KEYWORD.lastIndex = from;
    for (let match = KEYWORD.exec(upToLineEnd); match; match = KEYWORD.exec(upToLineEnd)) {
      keywords.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return keywords;
}

/**
 * A capital letter next to a digit, or with one `-` between: a mixed code has one, so text
 * without one is spared the mixed-code pattern (its look-behind and look-aheads at every
 * character cost more than the rest of the search together).
 */
const CAPITAL_BY_DIGIT = /[A-Z]-?\d|\d-?[A-Z]/;

function findCandidates(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  // Codes in groups: 123 456, 123-456, 12-34-56, 12 34 56, 1 2 3 4 5 6 (4 to 8 digits in all),
  // or one digit per line (a code drawn in table cells).
  for (const match of text.matchAll(
    /(?<![\w+#$€£*.,:/-])\d{1,4}(?:(?:[ -]|\n(?=\d(?!\d)))\d{1,4}){1,7}(?![\w.,:/-]?\d)/gu,
  )) {
    // Part of a longer grouped number (a phone, an IBAN), or of a price or a date.
    if (/\d[ -]$/.test(text.slice(Math.max(0, match.index - 2), match.index))) continue;
    const groups = match[0].split(/[ \n-]/);
    const value = groups.join('');
    const sameSizes = groups.every((group) => group.length === groups[0]!.length);
    if (!sameSizes || value.length < 4 || value.length > 8 || groups[0]!.length > 4) continue;
    if (/ .*-|-.* /.test(match[0])) continue;
    if (match[0].includes('\n') && groups[0]!.length !== 1) continue;
    const start = match.index;
    const end = start + match[0].length;
    const alone = aloneOnLine(text, start, end);
    candidates.push({ value, start, end, needs: 'adjacent-keyword', alone, after: alone });
  }
  for (const match of text.matchAll(/\d+/g)) {
    const digits = match[0];
    const start = match.index;
    const end = start + digits.length;
    const before = text.slice(Math.max(0, start - 2), start);
    const after = text.slice(end, end + 2);
    if (/[\p{L}_]$/u.test(before) || /^[\p{L}_]/u.test(after)) continue;
    if (/[+#$€£*]\s?$/.test(before) || /\d[-./:,]$/.test(before)) continue;
    // An id with a word before it (SEG-77310, INV-2026); a lone letter is a code's prefix (G-).
    if (/\p{L}{2,}-$/u.test(text.slice(Math.max(0, start - 8), start))) continue;
    if (/^[-./:,]\d/.test(after) || /^\s?[€$£%]/.test(after)) continue;
    if (digits.length < 4 || digits.length > 8) continue;
    // A short piece of a number written in groups (a phone): the grouped reading above.
    if (digits.length <= 4 && (/\d[ -]$/.test(before) || /^[ -]\d/.test(after))) continue;
    // What names the number stands on its line, right before it.
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (NOT_CODE.test(text.slice(Math.max(lineStart, start - 32), start))) continue;
    if (QUANTITY_AFTER.test(text.slice(end, end + 24).split('\n', 1)[0]!)) continue;
    const year = digits.length === 4 && /^(?:19|20)\d\d$/.test(digits);
    candidates.push({
      value: digits,
      start,
      end,
      needs: year ? 'adjacent-keyword' : 'keyword',
      alone: aloneOnLine(text, start, end),
      after: !year,
    });
  }
  // Capitals and digits mixed, as some services send: K7Q2XP, or in two groups, HT4K-9PWZ.
  // A run of four letters is a word (SPRING25, FORK40): a promo code, not a one-time one.
  if (!CAPITAL_BY_DIGIT.test(text)) return candidates;
  for (const match of text.matchAll(
    /(?<![\p{L}\d_-])(?=[A-Z\d-]*\d)(?=[A-Z\d-]*[A-Z])(?:[A-Z\d]{6,8}|[A-Z\d]{3,4}-[A-Z\d]{3,4})(?![\p{L}\d_-])/gu,
  )) {
    const value = match[0].replace('-', '');
    if (/[A-Z]{4}/.test(value)) continue;
    const start = match.index;
    const end = start + match[0].length;
    const alone = aloneOnLine(text, start, end);
    candidates.push({ value, start, end, needs: 'adjacent-keyword', alone, after: alone });
  }
  return candidates;
}

/** Whether the candidate is the only thing on its line. */
function aloneOnLine(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  return (
    text.slice(lineStart, start).trim() === '' &&
    text.slice(end, lineEnd === -1 ? text.length : lineEnd).trim() === ''
  );
}

/** A sentence ends between a keyword and a candidate: the keyword speaks of something else. */
const SENTENCE_END = /[.!?](?:\s|$)/;

/** How strongly a keyword vouches for the candidate (higher is closer), or undefined. */
function scoreCandidate(
  candidate: Candidate,
  keywords: readonly KeywordPlace[],
  text: string,
): number | undefined {
  let score: number | undefined;
  for (const word of keywords) {
    if (word.end <= candidate.start) {
      const distance = candidate.start - word.end;
      // A code alone on its line may be introduced by the whole line before it.
      const limit = candidate.alone
        ? LINE_BEFORE
        : candidate.needs === 'adjacent-keyword'
          ? 24
          : BEFORE;
      if (distance > limit || SENTENCE_END.test(text.slice(word.end, candidate.start))) continue;
      score = Math.max(score ?? 0, LINE_BEFORE + 2 * BEFORE - Math.min(distance, LINE_BEFORE));
    } else if (word.start >= candidate.end && candidate.after) {
      const distance = word.start - candidate.end;
      if (distance > AFTER || SENTENCE_END.test(text.slice(candidate.end, word.start))) continue;
      score = Math.max(score ?? 0, AFTER - distance + 1);
    }
  }
  return score;
}

/** The sentence the code stands in, cut around it when long. */
function contextOf(text: string, candidate: Candidate): string {
  const sentenceStart = Math.max(
    text.lastIndexOf('\n', candidate.start - 1),
    ...['. ', '! ', '? '].map((end) => {
      const at = text.lastIndexOf(end, candidate.start - 1);
      return at === -1 ? -1 : at + 1;
    }),
  );
  const nextEnd = /[.!?](?:\s|$)|\n/.exec(text.slice(candidate.end));
  const sentenceEnd = nextEnd ? candidate.end + nextEnd.index + 1 : text.length;
  let start = sentenceStart + 1;
  let end = sentenceEnd;
  if (end - start > CONTEXT_LENGTH) {
    start = Math.max(start, candidate.start - CONTEXT_LENGTH / 2);
    end = Math.min(end, candidate.end + CONTEXT_LENGTH / 2);
  }
  return text.slice(start, end).replace(/\s+/g, ' ').trim();
}
