import type { Browser, BrowserContext, Page } from 'playwright';

/** What a page went through, newest last: enough to tell why a wait timed out. */
const journals = new WeakMap<Page, string[]>();
/** Requests sent and not yet answered, per page. */
const inFlight = new WeakMap<Page, Set<string>>();

const JOURNAL_LINES = 40;

function note(page: Page, line: string): void {
  const journal = journals.get(page) ?? [];
  journal.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (journal.length > JOURNAL_LINES) journal.shift();
  journals.set(page, journal);
}

function watchContext(context: BrowserContext): void {
  context.on('page', (page) => {
    const pending = new Set<string>();
    inFlight.set(page, pending);
    const name = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        note(page, `console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => note(page, `page error: ${error.message}`));
    page.on('request', (request) => pending.add(`${request.method()} ${name(request.url())}`));
    page.on('requestfinished', (request) => {
      pending.delete(`${request.method()} ${name(request.url())}`);
    });
    page.on('requestfailed', (request) => {
      pending.delete(`${request.method()} ${name(request.url())}`);
      note(
        page,
        `failed ${request.method()} ${name(request.url())}: ${request.failure()?.errorText}`,
      );
    });
    page.on('response', (response) => {
      if (response.status() >= 400) {
        note(page, `${response.status()} ${response.request().method()} ${name(response.url())}`);
      }
    });
  });
}

/**
 * Keeps a journal for every page the suite's browser opens: console errors, page errors,
 * failed requests, error answers and requests still waiting. A timed-out wait then says
 * what the page saw (see `explainTimeout`), which a loaded CI machine's failure needs.
 */
export function watchPages(browser: Browser): Browser {
  // Playwright's browser.newPage makes its context through this method too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchContext(context);
    return context;
  };
  return browser;
}

/** The page's state now, and its journal, in a few lines. */
export async function describePage(page: Page): Promise<string> {
  const shown = await page
    .evaluate(() => (document.querySelector('main') ?? document.body).innerText)
    .catch((error: unknown) => `(unreadable: ${String(error)})`);
  return [
    `url: ${page.url()}`,
    `main shows: ${JSON.stringify(shown.replace(/\s+/g, ' ').slice(0, 400))}`,
    `still waiting: ${[...(inFlight.get(page) ?? [])].join(', ') || 'nothing'}`,
    ...(journals.get(page) ?? ['(nothing went wrong in the page)']),
  ].join('\n  ');
}

/**
 * Waits as `wait` does; when it fails, the error says `what` did not happen and what the
 * page showed and went through instead.
 */
export async function explainTimeout<T>(page: Page, what: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    throw new Error(`${what}. The page:\n  ${await describePage(page)}`, { cause: error });
  }
}
