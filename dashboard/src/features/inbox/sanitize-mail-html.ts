import DOMPurify from 'dompurify';

/** Sources that leave for another host: absolute http(s) or protocol-relative (`//host/x`). */
const REMOTE_URL = /^\s*(?:https?:)?\/\//i;

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
 * Attributes that load or send something without an `<img src>` to show for it: `background`
 * and `srcset` slip past a check of `src` alone, `ping` reports clicks.
 */
const FORBID_ATTR = ['background', 'srcset', 'ping', 'action', 'formaction', 'poster'];

/** A `cid:` URL's Content-ID as attachments list it: percent-decoded, without brackets. */
export function decodeCid(value: string): string {
  let id = value.trim();
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not percent-encoded after all: used as written.
  }
  return id.replace(/^<|>$/g, '');
}

export interface SanitizedMail {
  /** The body's markup, safe to place in the preview frame's `<body>`. */
  html: string;
  /** Whether the mail has `<img>` sources on another host (blocked unless asked for). */
  hasRemoteImages: boolean;
}

/**
 * Cleans a received HTML body for the preview frame. Every rewrite happens inside DOMPurify's
 * hooks, on the parsed tree, never on the string after it (a post-sanitize string rewrite was
 * a Roundcube CVE; see ../shared/reference/engineering-notes.md). The frame's sandbox and CSP
 * are the second line: this function alone is not what keeps scripts from running.
 */
export function sanitizeMailHtml(
  html: string,
  {
    showRemoteImages,
    inlineImages = new Map(),
  }: {
    showRemoteImages: boolean;
    /** The message's own images by Content-ID, as data URLs, for its `cid:` sources. */
    inlineImages?: ReadonlyMap<string, string>;
  },
): SanitizedMail {
  // A fresh instance per call, so the hooks below never leak into another message.
  const purify = DOMPurify(window);
  let hasRemoteImages = false;

  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName !== 'IMG') return;
    const src = node.getAttribute('src') ?? '';
    if (REMOTE_URL.test(src)) {
      hasRemoteImages = true;
      if (!showRemoteImages) node.removeAttribute('src');
    }
    const cid = /^\s*cid:(.+)$/i.exec(src)?.[1];
    const inline = cid && inlineImages.get(decodeCid(cid));
    if (inline) node.setAttribute('src', inline);
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
  const images = showRemoteImages ? 'data: cid: blob: https: http:' : 'data: cid: blob:';
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
    '<style>body{margin:0;padding:8px;font-family:system-ui,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
}
