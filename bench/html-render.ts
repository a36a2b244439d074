// How long an HTML report takes to render in headless Chromium (Debian's package), cold: a fresh
// browser per load, from navigation to the page script's `data-ready` (the table drawn), then one
// filter until the table's counter changes. Not part of `npm run bench` (it needs the browser).
//   node dist/bench/html-render.js PAGE.html [LOADS=5] [FILTER=#filter-rule]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [page = '', loadsArg = '5', filter = '#filter-rule'] = process.argv.slice(2);
if (page === '') {
  console.error('usage: node dist/bench/html-render.js PAGE.html [LOADS] [FILTER-SELECT]');
  process.exit(2);
}
const url = pathToFileURL(resolve(page)).href;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const samples: Array<{ readyMs: number; filterMs: number }> = [];

for (let i = 0; i < Number(loadsArg); i++) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const started = performance.now();
    await tab.goto(url, { waitUntil: 'load' });
    await tab.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    const readyMs = performance.now() - started;
    const before = await tab.textContent('#doc-count');
    // The third option: the first after "any" that names something.
    const value = await tab.locator(`${filter} option`).nth(2).getAttribute('value');
    const filtered = performance.now();
    await tab.selectOption(filter, value ?? '');
    // The page's policy forbids eval, so Playwright's waitForFunction cannot run there: poll.
    for (let k = 0; k < 2000 && (await tab.textContent('#doc-count')) === before; k++)
      await new Promise((r) => setTimeout(r, 5));
    samples.push({ readyMs: Math.round(readyMs), filterMs: Math.round(performance.now() - filtered) });
  } finally {
    await browser.close();
  }
}
const ready = samples.map((s) => s.readyMs).sort((a, b) => a - b);
console.log(JSON.stringify({ page, samples, medianReadyMs: ready[Math.floor(ready.length / 2)] }));
