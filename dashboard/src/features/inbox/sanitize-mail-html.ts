import DOMPurify from 'dompurify';
import { cleanMailCss } from './clean-mail-css';
import { cidOfUrl } from './normalize-cid';
import { serializeCss } from './tokenize-css';

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

export interface SanitizedMail {
  /** The body's markup, safe to place in the preview frame's `<body>`. */
  html: string;
  /** Whether the mail shows images from another host (blocked unless asked for). */
  hasRemoteImages: boolean;
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
    if (node.tagName === 'A' && node.hasAttribute('href')) {
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
  return { html: clean, hasRemoteImages };
}

/**
 * The frame's Content-Security-Policy: no scripts, no fetches, no frames, no fonts or
 * stylesheets from anywhere, inline styles only. Remote images (from `<img>` and CSS alike)
 * are let in only once the reader asks for them.
 */
export function mailFramePolicy({ showRemoteImages }: { showRemoteImages: boolean }): string {
  const images = showRemoteImages ? 'data: https: http:' : 'data:';
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; form-action 'none'`;
}

/** The whole `srcdoc` document: our head (policy first, so it covers everything), their body. */
export function buildMailDocument(
  body: string,
  { showRemoteImages }: { showRemoteImages: boolean },
) {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${mailFramePolicy({ showRemoteImages })}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    '<style>body{margin:0;padding:8px;font-family:system-ui,sans-serif;overflow-wrap:break-word}img{max-width:100%;height:auto}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
}
