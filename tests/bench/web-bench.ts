// `npm run bench -- web`: Lighthouse (mobile emulation, its default simulated throttling) on
// the public site as `npm start` serves it, in Debian's Chromium. Issue 7, item 7.
//
// Per page: the four category scores, largest contentful paint, total blocking time, and the
// JavaScript the page loads before any interaction: every script request of the Lighthouse
// run (no clicks, so code loaded on demand is not in it), each sized as gzip of its body. The
// translations are fetched as JSON and reported on their own line, outside the JS budget.
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BUILD_NOTICE, ensureBuild } from '../../scripts/ensure-build.js';
import { CHROMIUM_FLAGS, findChromium } from '../support/launch-chromium.js';
import { startServer } from '../support/start-server.js';

const PAGES = ['/', '/faq', '/blog/what-is-temporary-email', '/fr'];

const TARGETS = {
  performance: 95,
  accessibility: 95,
  bestPractices: 95,
  seo: 100,
  jsGzipKb: 120,
};

interface NetworkRequest {
  url: string;
  resourceType?: string;
  mimeType?: string;
}

interface PageFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  jsGzipKb: number;
  jsFiles: number;
  translationsGzipKb: number;
  /** Audits that scored below 1 in the accessibility, best-practices and SEO categories. */
  failing: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The gzip size of each URL's body, fetched once more from the server. */
async function gzipSize(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += zlib.gzipSync(body).length;
  }
  return total;
}

async function measure(url: string, path: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const requests = ((audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ??
    []) as NetworkRequest[];
  const own = requests.filter((request) => request.url.startsWith(new URL(url).origin));
  const scripts = own.filter((request) => request.resourceType === 'Script');
  // Preloaded, they count as "Other" rather than "Fetch": the name tells them apart.
  const translations = own.filter((request) => new URL(request.url).pathname.endsWith('.json'));
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}:${ref.id}`),
  );
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    jsGzipKb: kb(await gzipSize(scripts.map((request) => request.url))),
    jsFiles: scripts.length,
    translationsGzipKb: kb(await gzipSize(translations.map((request) => request.url))),
    failing,
  };
}

export const webBench = {
  describe:
    'Lighthouse mobile on /, /faq, a blog post and /fr: four scores, LCP, TBT, JS gzip per page',
  async run(): Promise<void> {
    const chromePath = findChromium();
    if (!chromePath) {
      console.error('web: no chromium on PATH; bash scripts/install-chromium.sh installs it');
      process.exit(2);
    }
    ensureBuild(BUILD_NOTICE);
    // Each load of the home page makes an address, all from 127.0.0.1.
    const server = await startServer({
      built: true,
      env: {
        MAILTM_RATE_LIMIT: '1000',
        ADDRESS_CREATION_PER_MINUTE: '100000',
        ADDRESS_CREATION_PER_HOUR: '100000',
      },
    });
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
    const figures: PageFigures[] = [];
    try {
      console.log(`web: Lighthouse, mobile emulation, ${chromePath}`);
      for (const path of PAGES) {
        const page = await measure(`${server.url}${path}`, path, chrome.port);
        figures.push(page);
        console.log(
          `${path.padEnd(32)} perf ${page.performance} a11y ${page.accessibility} ` +
            `bp ${page.bestPractices} seo ${page.seo}  LCP ${page.lcpMs} ms  TBT ${page.tbtMs} ms  ` +
            `JS ${page.jsGzipKb} KB gzip in ${page.jsFiles} files (+ ${page.translationsGzipKb} KB translations)`,
        );
        if (page.failing.length > 0)
          console.log(`${''.padEnd(32)} below 1: ${page.failing.join(', ')}`);
      }
    } finally {
      chrome.kill();
      await server.stop();
    }
    const met = figures.every(
      (page) =>
        page.performance >= TARGETS.performance &&
        page.accessibility >= TARGETS.accessibility &&
        page.bestPractices >= TARGETS.bestPractices &&
        page.seo >= TARGETS.seo &&
        page.jsGzipKb <= TARGETS.jsGzipKb,
    );
    console.log(JSON.stringify({ bench: 'web', targets: TARGETS, met, pages: figures }));
  },
};
