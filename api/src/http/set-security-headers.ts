import type { RequestHandler } from 'express';

/**
 * What every policy below ends with: never framed by another page, no `<base>` pointing
 * elsewhere, no plugins.
 */
const FRAMING_AND_BASE = "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** JSON answers and anything else that is not a page: nothing in them may load anything. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Swagger UI at /docs: its scripts and stylesheet are files of its own, but its page carries
 * two inline `<style>` blocks and an SVG sprite with a `style` attribute; its icons are
 * `data:` images; "Try it out" calls this origin.
 */
export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  FRAMING_AND_BASE,
].join('; ');

/**
 * The pages the API renders itself (the demo checkout and billing portal, forwarding
 * confirmation): their one inline script and style run by this response's nonce, and they
 * call this origin only.
 */
export function serverPagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    FRAMING_AND_BASE,
  ].join('; ');
}

/**
 * The dashboard's pages. Scripts are Vite's module files under /assets, and the inline
 * scripts of the built page, each allowed by its hash (`inlineScripts`, see
 * hashInlineScripts: the theme set before the first paint, and what adds a content page's
 * scripts after it); the JSON and JSON-LD `<script>` blocks are data, never run. Fetches and
 * event streams go to this origin.
 *
 * A received HTML mail is shown in a sandboxed `srcdoc` frame, which inherits this policy on
 * top of its own (sanitize-mail-html.ts, `mailFramePolicy`): so mail's inline styles need
 * 'unsafe-inline' here, and the remote images the reader asks for with "Show images" need
 * https: (and http: on a plain-http server; an https page upgrades or blocks those anyway).
 * Before the reader asks, the frame's own policy is what blocks remote loads. Inline mail
 * images are `blob:` or `data:` URLs; those not rewritten yet (free addresses) keep a `cid:`
 * URL, which loads nothing but would be reported as a violation.
 *
 * `thirdPartyOrigins` (CSP_THIRD_PARTY_ORIGINS) are added to scripts, fetches and frames: the
 * ad network's, when the dashboard was built with one (VITE_AD_CLIENT_ID).
 */
export function dashboardPolicy(options: {
  https: boolean;
  thirdPartyOrigins: readonly string[];
  inlineScripts: readonly string[];
}): string {
  const extra = options.thirdPartyOrigins.map((origin) => ` ${origin}`).join('');
  const inline = options.inlineScripts.map((hash) => ` '${hash}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${inline}${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: cid: https:${options.https ? '' : ' http:'}`,
    `connect-src 'self'${extra}`,
    `frame-src 'self'${extra}`,
    "form-action 'self'",
    FRAMING_AND_BASE,
  ].join('; ');
}

/** A year, with subdomains: the whole site is https once PUBLIC_URL is. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries: no MIME sniffing, never framed (both by X-Frame-Options and
 * `frame-ancestors`), no full URLs (tokens in query strings) leaked to other sites through
 * Referer, and HSTS when the server's public URL is https (behind a proxy that terminates
 * TLS; a plain-http server must not send it). The policy set here is the strict one for API
 * answers; the handlers that send pages (the dashboard, /docs, the server pages) replace it
 * with theirs.
 */
export function setSecurityHeaders(options: { https: boolean }): RequestHandler {
  const { https } = options;
  return (_request, response, next) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Content-Security-Policy', API_POLICY);
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (https) response.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
