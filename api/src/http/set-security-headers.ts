import type { RequestHandler } from 'express';

/**
 * Headers every answer carries: no MIME sniffing, never framed by another page (the
 * dashboard's own sandboxed mail preview is a srcdoc frame, which these do not touch), and
 * no full URLs (tokens in query strings) leaked to other sites through Referer.
 */
export function setSecurityHeaders(): RequestHandler {
  return (_request, response, next) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  };
}
