import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { firstSegment } from './load-contract.js';

/** Where `npm run build -w dashboard` writes the app; the same from api/src and api/dist. */
export const DASHBOARD_DIST = path.resolve(import.meta.dirname, '../../../dashboard/dist');

/** Routes the app owns: payment and sign-in links lead here whatever the Accept header says. */
const APP_ROUTES = new Set(['/', '/pro/success', '/pro/cancel']);

/** Served outside the contract by build-app.ts; the app must never answer for them. */
const SERVER_ROOTS = ['/docs', '/openapi.json', '/demo-checkout', '/forwarding'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built dashboard on the API's own origin, so its calls need no CORS and its session
 * cookie stays first-party. Vite names everything under `assets/` by content hash, so those
 * files never change and are cached for a year; `index.html` names the current hashes and is
 * revalidated every time. Any other GET that asks for HTML gets `index.html` too, so a
 * client-side route survives a reload. Paths under the contract's roots (`/api`, `/v1`, the
 * mail.tm roots, the probes) are left to the 404 whatever they ask for.
 *
 * Without a build (tests run from sources) this passes everything on.
 */
export function serveDashboard(
  contractRoots: ReadonlySet<string>,
  distDir: string = DASHBOARD_DIST,
): RequestHandler {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return (_request, _response, next) => next();

  const reserved = new Set([...contractRoots, ...SERVER_ROOTS]);
  const assets = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders: (response, file) => {
      const isHashed = path.relative(distDir, file).split(path.sep)[0] === 'assets';
      response.setHeader('Cache-Control', isHashed ? IMMUTABLE : 'no-cache');
    },
  });

  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (reserved.has(firstSegment(request.path))) return next();
    assets(request, response, () => {
      const wantsHtml = /\btext\/html\b/.test(request.headers.accept ?? '');
      if (!APP_ROUTES.has(request.path) && !wantsHtml) return next();
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(indexFile, (error) => {
        if (error && !response.headersSent) next(error);
      });
    });
  };
}
