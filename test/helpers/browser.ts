// Headless Chromium for the HTML report's tests: Debian's `chromium` package driven by playwright-core
// (no browser download). Every request the page makes, every script error and console error, and every
// dialog (an injected alert) is recorded, so a test can say the page loaded nothing and ran clean.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from './run-cli.js';

export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests skip, or false when they run (CI installs chromium: .ci/run). */
export const NO_BROWSER: string | false = existsSync(CHROMIUM)
  ? false
  : `no ${CHROMIUM}: the browser checks of the HTML report skip (apt-get install chromium)`;

/** Where the tests leave their screenshots. */
export const SCREENSHOTS = join(REPO_ROOT, 'dist/test-output/html-report');

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions and console errors. */
  errors: string[];
  /** URLs of every request, the page's own file included. */
  requests: string[];
  dialogs: string[];
  /** Milliseconds from navigation to the script's `data-ready`. */
  readyMs: number;
}

export async function launch(): Promise<Browser> {
  // playwright-core makes a fresh profile (--user-data-dir) for each launch and starts it headless.
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

/** Open a page from a file and wait for its script to finish the first render. */
export async function openFile(browser: Browser, file: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const opened: OpenedPage = { page, errors: [], requests: [], dialogs: [], readyMs: 0 };
  page.on('pageerror', (error) => opened.errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') opened.errors.push(message.text());
  });
  page.on('request', (request) => opened.requests.push(request.url()));
  page.on('dialog', (dialog) => {
    opened.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const started = performance.now();
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  opened.readyMs = performance.now() - started;
  return opened;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** What the rendered page says: the counts, the top bar of the chart, the table's counter and rows. */
export async function pageFacts(page: Page) {
  const text = (selector: string) =>
    page
      .locator(selector)
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => null);
  const bar = page.locator('#chart g.bar').first();
  return {
    files: await text('#files-total'),
    findings: await text('#findings-total'),
    topRule: await bar.getAttribute('data-rule'),
    topCount: await bar.getAttribute('data-count'),
    /** The rule's link as the chart draws it. */
    topLink: await bar.locator('a').getAttribute('href'),
    counter: await text('#doc-count'),
    rows: await page.locator('#doc-body tr.doc').count(),
    caps: await text('#caps'),
  };
}

/** Choose the option of a select whose text starts with `prefix`. */
export async function selectStartingWith(page: Page, select: string, prefix: string): Promise<void> {
  const options = await page
    .locator(`${select} option`)
    .evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('value') ?? '', node.textContent ?? '']));
  const option = options.find(([, label]) => label.startsWith(prefix));
  if (!option) throw new Error(`no option of ${select} starts with ${prefix}`);
  await page.selectOption(select, option[0]);
}
