import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import type { ExtractedLink, LinkKind, MessageTexts } from './extraction-types.js';

/**
 * What each kind of link says, in its words or its address, in English, French, Spanish and
 * German; tried in this order (a "reset your password" link also confirms something).
 */
const KINDS: [Exclude<LinkKind, 'other'>, RegExp][] = [
  [
    'unsubscribe',
    /unsubscribe|opt[-_ ]?out|stop receiving|no longer (?:wish|want) to receive|d[ée]sinscri|d[ée]sabonn|se d[ée]sinscrire|\bde baja\b|\/baja\b|preferencias de correo|cancelar (?:la )?suscripci[oó]n|desuscrib|abmelden|abbestellen|newsletter abbestellen|email[-_ ]?preferences|pr[ée]f[ée]rences/i,
  ],
  [
    'reset',
    /reset|forgot|(?:new|change)[-_ ]?password|mot de passe oubli|nouveau mot de passe|changer (?:de |le |votre )?mot de passe|r[ée]initialis|restablec|recuperar (?:tu |la )?contrase|nueva contrase|cambiar (?:tu |la )?contrase|zur[üu]cksetzen|(?:passwort|kennwort) (?:vergessen|[äa]ndern)|neues (?:passwort|kennwort)/i,
  ],
  ['verify', /verif|confirm|activat|activer|activar|aktivier|valid|best[äa]tig|v[ée]rifi/i],
  [
    'sign-in',
    /sign[-_ ]?in|log[-_ ]?in|magic|connexion|(?:se|vous) connecter|iniciar sesi[oó]n|acceder|accede|entrar|anmelden|einloggen|login/i,
  ],
];

/** Where a message's footer begins, as a share of its length: boilerplate links stand after. */
const BODY_END = 0.7;

/** An invitation's answer: the action of a mail that invites, though its kind is other. */
const ACCEPT =
  /\b(?:accept|join|rejoindre|accepter|unirme|unirse|aceptar|beitreten|annehmen|teilnehmen)\b/i;

/** The kinds a reader acts on: one of them is the message's primary link. */
const ACTIONS: ReadonlySet<LinkKind> = new Set(['verify', 'sign-in', 'reset']);

function kindOf(text: string, url: string): LinkKind {
  // The words first: they say what the button does; the address may only say where.
  for (const [kind, pattern] of KINDS) if (pattern.test(text)) return kind;
  let path = url;
  try {
    const parsed = new URL(url);
    path = `${parsed.pathname}${parsed.search}`;
  } catch {
    // not a URL the platform parses: read it whole
  }
  for (const [kind, pattern] of KINDS) if (pattern.test(path)) return kind;
  return 'other';
}

/**
 * Link words that say nothing of what the link does ("here", "click here", "this link", in
 * the four languages): the sentence around the link says it instead.
 */
const SAYS_NOTHING =
  /^(?:(?:please\s+)?(?:click|tap|press)\s+)?(?:here|this link|this|link|the link|ici|cliquez ici|ce lien|aqu[íi]|haz clic aqu[íi]|pulsa aqu[íi]|este enlace|hier|hier klicken|diesen link|link)[.!:]?$/i;

/** The end of an HTML block, where the sentence around a link stops. */
const BLOCK_EDGE = /<\/?(?:p|div|td|th|tr|li|ul|ol|h[1-6]|table|br|hr|body)\b[^>]*>/gi;
/** How far around a link its sentence is looked for. */
const SENTENCE_REACH = 300;

/** The words of the sentence an anchor stands in, its own words included. */
function sentenceAround(html: string, start: number, end: number): string {
  let before = html.slice(Math.max(0, start - SENTENCE_REACH), start);
  const edges = [...before.matchAll(BLOCK_EDGE)];
  const lastEdge = edges.at(-1);
  if (lastEdge) before = before.slice(lastEdge.index + lastEdge[0].length);
  let after = html.slice(end, end + SENTENCE_REACH);
  const nextEdge = after.search(BLOCK_EDGE);
  if (nextEdge !== -1) after = after.slice(0, nextEdge);
  const lead = words(before);
  const tail = words(after);
  const sentenceStart = Math.max(...['. ', '! ', '? '].map((stop) => lead.lastIndexOf(stop)));
  const sentenceEnd = tail.search(/[.!?](?:\s|$)/);
  return [
    sentenceStart === -1 ? lead : lead.slice(sentenceStart + 2),
    words(html.slice(start, end)),
    sentenceEnd === -1 ? tail : tail.slice(0, sentenceEnd + 1),
  ].join(' ');
}

const words = (html: string) =>
  decodeHTML(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** A link as found, with where it stands: 0 at the start of the body, 1 at its end. */
interface FoundLink {
  url: string;
  text: string;
  at: number;
  /** The sentence it stands in, read for its kind when its own words say nothing. */
  sentence?: string;
}

function linksInHtml(html: string): FoundLink[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, ' ');
  const links: FoundLink[] = [];
  for (const match of withoutComments.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[1]!);
    const url = decodeHTMLAttribute(href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
    if (!/^https?:\/\//i.test(url)) continue;
    const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(match[2]!);
    const text = words(match[2]!) || decodeHTMLAttribute(alt?.[1] ?? alt?.[2] ?? '').trim();
    const at = match.index / withoutComments.length;
    const end = match.index + match[0].length;
    links.push(
      SAYS_NOTHING.test(text)
        ? { url, text, at, sentence: sentenceAround(withoutComments, match.index, end) }
        : { url, text, at },
    );
  }
  return links;
}

/**
 * URLs written in text, each with the words it stands with: the rest of its line, else the
 * line before ("Confirm your address:\nhttps://…"). A URL ends at white space, `<`, `>` or a
 * quote, without trailing punctuation (`.`, `,`, a `)` with no `(`…).
 */
function linksInText(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  // Most text mail writes no URL: its lines are not read one by one.
  if (!/https?:\/\//i.test(text)) return links;
  const lines = text.split('\n');
  let previous = '';
  lines.forEach((line, index) => {
    const at = index / lines.length;
    for (const match of line.matchAll(/https?:\/\/[^\s<>"']+/gi)) {
      const url = trimTrailing(match[0]);
      const rest = line.replace(url, ' ').replace(/\s+/g, ' ').trim();
      links.push({ url, text: rest.length > 2 ? rest : previous, at });
    }
    if (line.trim() !== '') previous = line.trim();
  });
  return links;
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function trimTrailing(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1]!;
    if ('.,;:!?\'"'.includes(last)) end -= 1;
    else if (last in CLOSERS) {
      const part = url.slice(0, end);
      const opened = part.split(CLOSERS[last]!).length - 1;
      const closed = part.split(last).length - 1;
      if (closed > opened) end -= 1;
      else break;
    } else break;
  }
  return url.slice(0, end);
}

/**
 * The http(s) links of a message, each once, with its words and its kind: the primary action
 * (the first link to verify, sign in or reset) first, then the others in the order they
 * stand. The HTML body's anchors when it has any (what a reader clicks, whatever the words
 * say), else the URLs written in the text. Entities are decoded as a browser decodes them.
 */
export function extractLinks(message: MessageTexts): ExtractedLink[] {
  const anchors = message.html ? linksInHtml(message.html) : [];
  const found = anchors.length > 0 ? anchors : linksInText(message.text);
  const byUrl = new Map<string, Omit<ExtractedLink, 'primary'> & { at: number }>();
  for (const { url, text, at, sentence } of found) {
    const kind = kindOf(sentence ?? text, url);
    const known = byUrl.get(url);
    if (known) {
      // The same address as a logo and as a button: the words tell what it is.
      if (!known.text && text) byUrl.set(url, { url, text, kind, at: known.at });
      continue;
    }
    byUrl.set(url, { url, text, kind, at });
  }
  const links = [...byUrl.values()];
  // The action: the first link to verify, sign in or reset; failing one, an invitation's
  // accept or join; failing that, an unsubscribe link in the body rather than the footer (a
  // mail that asks whether to stay subscribed).
  let primary = links.findIndex((link) => ACTIONS.has(link.kind));
  if (primary === -1) {
    primary = links.findIndex((link) => link.kind === 'other' && ACCEPT.test(link.text));
  }
  if (primary === -1) {
    primary = links.findIndex((link) => link.kind === 'unsubscribe' && link.at < BODY_END);
  }
  if (primary > 0) links.unshift(...links.splice(primary, 1));
  return links.map(({ url, text, kind }, index) => ({
    url,
    text,
    kind,
    primary: index === 0 && primary !== -1,
  }));
}

/** The primary link (see `extractLinks`), or undefined. */
export function primaryLink(links: readonly ExtractedLink[]): ExtractedLink | undefined {
  return links[0]?.primary ? links[0] : undefined;
}
