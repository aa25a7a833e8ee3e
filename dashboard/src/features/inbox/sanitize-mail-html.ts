import DOMPurify from 'dompurify';
import { cleanMailCss } from './clean-mail-css';
import { cidOfUrl } from './normalize-cid';
import { serializeCss, type CssToken } from './tokenize-css';

/**
 * Removed outright. Forms, frames and embeds have no place in a read-only preview, and
 * media elements load their sources on their own.
 */
const FORBID_TAGS = [
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'audio',
  'video',
  'source',
  'track',
  'base',
  'link',
  'meta',
];

/**
 * Attributes that load or send something without an `<img src>` to show for it: `srcset`
 * slips past a check of `src` alone, `ping` reports clicks. `background` goes too, once
 * its image has been moved into the element's style, where the CSS rules apply to it.
 */
const FORBID_ATTR = ['background', 'srcset', 'ping', 'action', 'formaction', 'poster'];

/** Data URLs of images: they load nothing. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/** A base no mail can name, to tell a relative URL (meaningless in a mail) from one on a host. */
const RELATIVE_BASE = 'http://relative.invalid/';

/**
 * The address an absolute http(s) URL loads, as the browser reads it (tabs and newlines
 * removed, `\\host` read as `//host`), or undefined for anything else.
 */
function remoteUrl(value: string): string | undefined {
  try {
    const url = new URL(value, RELATIVE_BASE);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.href.startsWith(RELATIVE_BASE) ? undefined : url.href;
  } catch {
    return undefined;
  }
}

/**
 * How the mail's own `<html>` and `<body>` say it looks, made safe for the frame's: its
 * direction and language, and its colours and background as one cleaned style. A dark
 * newsletter's white text needs its dark body, and Hebrew its `dir="rtl"`.
 */
export interface MailCanvas {
  dir?: 'ltr' | 'rtl' | 'auto';
  lang?: string;
  /** CSS declarations for the body, through the same rules as every style in the mail. */
  style: string;
}

export interface SanitizedMail {
  /** The body's markup, safe to place in the preview frame's `<body>`. */
  html: string;
  canvas: MailCanvas;
  /** Whether the mail shows images from another host (blocked unless asked for). */
  hasRemoteImages: boolean;
}

/** A colour as `bgcolor` and `text` name one: a hex value or a colour's name, nothing else. */
const ATTRIBUTE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;
const DIRECTIONS = new Set(['ltr', 'rtl', 'auto']);

/**
 * Reads the mail's canvas from an inert parse of it (nothing in it runs or loads). The body
 * DOMPurify returns is its content only: these attributes would otherwise be lost.
 */
function readCanvas(
  html: string,
  cleanCss: (css: string) => string,
  backgroundImage: (url: string) => string | undefined,
): MailCanvas {
  const { body, documentElement: root } = new DOMParser().parseFromString(html, 'text/html');
  const attribute = (name: string) =>
    (body.getAttribute(name) ?? root.getAttribute(name))?.trim() || undefined;
  const canvas: MailCanvas = { style: '' };
  const dir = attribute('dir')?.toLowerCase();
  if (dir && DIRECTIONS.has(dir)) canvas.dir = dir as MailCanvas['dir'];
  const lang = attribute('lang');
  if (lang && LANGUAGE_TAG.test(lang)) canvas.lang = lang;
  // The attributes first: the body's own style comes after them and wins, as in a browser.
  const tokens: CssToken[] = [];
  const declare = (property: string, value: CssToken) =>
    tokens.push({ type: 'ident', value: property }, { type: 'colon' }, value, {
      type: 'semicolon',
    });
  const color = (name: string): CssToken | undefined => {
    const value = body.getAttribute(name)?.trim();
    if (!value || !ATTRIBUTE_COLOR.test(value)) return undefined;
    return value.startsWith('#')
      ? { type: 'hash', value: value.slice(1) }
      : { type: 'ident', value };
  };
  const background = color('bgcolor');
  if (background) declare('background-color', background);
  const text = color('text');
  if (text) declare('color', text);
  const image = body.getAttribute('background');
  const resolved = image === null ? undefined : backgroundImage(image);
  if (resolved !== undefined) declare('background-image', { type: 'url', value: resolved });
  canvas.style = cleanCss(`${serializeCss(tokens)}${body.getAttribute('style') ?? ''}`);
  return canvas;
}

/**
 * Cleans a received HTML body for the preview frame. Every rewrite happens inside DOMPurify's
 * hooks, on the parsed tree, never on the string after it (a post-sanitize string rewrite was
 * a Roundcube CVE; see ../shared/reference/engineering-notes.md). Nothing in the result loads
 * from elsewhere unless the reader let remote images in: image sources, `background`
 * attributes, `<style>` elements and `style` attributes all go through one rule (the
 * message's own `cid:` images and data URLs stay). The frame's sandbox and policy are the
 * second wall.
 */
export function sanitizeMailHtml(
  html: string,
  {
    showRemoteImages,
    inlineImages = new Map(),
  }: {
    showRemoteImages: boolean;
    /** The message's own images by `cid:` key (see normalize-cid.ts), as data URLs. */
    inlineImages?: ReadonlyMap<string, string>;
  },
): SanitizedMail {
  // A fresh instance per call, so the hooks below never leak into another message.
  const purify = DOMPurify(window);
  let hasRemoteImages = false;

  /** What an image URL becomes: kept, rewritten to the inline image, or undefined (dropped). */
  const resolveImage = (value: string, image = true): string | undefined => {
    const url = value.trim();
    const cid = cidOfUrl(url);
    if (cid !== undefined) return inlineImages.get(cid);
    if (DATA_IMAGE.test(url)) return url;
    const remote = remoteUrl(url);
    if (remote === undefined || !image) return undefined;
    hasRemoteImages = true;
    return showRemoteImages ? remote : undefined;
  };
  const cleanCss = (css: string) => cleanMailCss(css, resolveImage);

  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style') node.textContent = cleanCss(node.textContent ?? '');
  });

  purify.addHook('beforeSanitizeAttributes', (node) => {
    // `<td background="...">`, as old newsletters write it: the same image as a style, so
    // that it shows when it may and goes through the CSS rules either way.
    const background = node instanceof Element ? node.getAttribute('background') : null;
    if (background === null) return;
    const image = resolveImage(background);
    if (image === undefined) return;
    const css = serializeCss([
      { type: 'ident', value: 'background-image' },
      { type: 'colon' },
      { type: 'url', value: image },
      { type: 'semicolon' },
    ]);
    node.setAttribute('style', `${css}${node.getAttribute('style') ?? ''}`);
  });

  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') data.attrValue = cleanCss(data.attrValue);
  });

  purify.addHook('afterSanitizeAttributes', (node) => {
    // Every link, an image map's areas too, opens in a new tab with no way back to the reader.
    if ((node.tagName === 'A' || node.tagName === 'AREA') && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName !== 'IMG' || !node.hasAttribute('src')) return;
    const src = resolveImage(node.getAttribute('src') ?? '');
    if (src === undefined) node.removeAttribute('src');
    else node.setAttribute('src', src);
  });

  const clean = purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    // Mail puts its <style> first; without this DOMPurify drops a leading one.
    FORCE_BODY: true,
  });
  const canvas = readCanvas(html, cleanCss, resolveImage);
  return { html: clean, canvas, hasRemoteImages };
}

/** A value for a double-quoted attribute of the frame's own markup. */
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The frame's Content-Security-Policy: no scripts, no fetches, no frames, no fonts or
 * stylesheets from anywhere, inline styles only. Remote images (from `<img>` and CSS alike)
 * are let in only once the reader asks for them.
 */
export function mailFramePolicy({ showRemoteImages }: { showRemoteImages: boolean }): string {
  const images = showRemoteImages ? 'data: https: http:' : 'data:';
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; form-action 'none'`;
}

/**
 * The whole `srcdoc` document: our head (policy first, so it covers everything), their body
 * on their canvas. The canvas's values were checked or cleaned (readCanvas) and are escaped
 * here; the sanitized body is placed as it is.
 */
export function buildMailDocument(
  { html: body, canvas }: Pick<SanitizedMail, 'html' | 'canvas'>,
  { showRemoteImages }: { showRemoteImages: boolean },
) {
  const dir = canvas.dir ? ` dir="${canvas.dir}"` : '';
  const lang = canvas.lang ? ` lang="${escapeAttribute(canvas.lang)}"` : '';
  const style = canvas.style ? ` style="${escapeAttribute(canvas.style)}"` : '';
  return [
    `<!doctype html><html${lang}${dir}><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${mailFramePolicy({ showRemoteImages })}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    // An image keeps the height the mail gives it (a 1x1 spacer drawn 600x20 would turn
    // into a 600 px square under height:auto); one without takes its own proportions.
    '<style>body{margin:0;padding:8px;font-family:system-ui,sans-serif;overflow-wrap:break-word}img{max-width:100%}img:not([height]){height:auto}</style>',
    `</head><body${dir}${style}>${body}</body></html>`,
  ].join('');
}
