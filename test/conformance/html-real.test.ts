// The HTML report of the real corpus (../shared: 3,015 documents, ~50,000 findings): the page stays
// within 8 MB, code frames included, and in headless Chromium (skipped with one line where it is not
// installed) it shows the file count and the top rule with its count, a filter narrows the table, no
// script fails and nothing is fetched. A screenshot goes to dist/test-output/html-report/real.png.
// How long it takes to render is measured in bench/results/html-report.md, not asserted here.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import * as chromium from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { parsePage } from '../unit/reporting/html-page.js';

const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));
const PAGE_LIMIT = 8_000_000;

describe('html report of the real corpus', () => {
  const tmp = tempDir('html-real');
  const page = join(tmp.path, 'real.html');
  const plain = join(tmp.path, 'real-plain.html');
  let summary: {
    files: { total: number };
    documents: number;
    counts: Record<string, number>;
    byRule: Record<string, number>;
  };

  before(async () => {
    // Run from the corpus folder, so the page names `real/…` as a registry's own run would. The
    // documents are in the sources' folders (beside them: the big dump, an index, a JSON Lines copy).
    const r = await runCli(
      [
        'real/*/**/*.mcpdesc.json',
        '-f',
        `ndjson=${tmp.path}/real.ndjson`,
        '-f',
        `html=${page}`,
        '--code-frame',
      ],
      { cwd: CORPUS },
    );
    assert.equal(r.code, 1, r.stderr);
    const records = readFileSync(join(tmp.path, 'real.ndjson'), 'utf8').trim().split('\n');
    summary = JSON.parse(records.at(-1)!);
    // The same run without code frames, drawn by `report`.
    const rendered = await runCli(['report', `${tmp.path}/real.ndjson`, '-f', `html=${plain}`], {
      cwd: CORPUS,
    });
    assert.equal(rendered.code, 1, rendered.stderr);
  });
  after(() => tmp.remove());

  it('the page, code frames included, is at most 8 MB and lists every finding', () => {
    assert.equal(summary.files.total, 3015);
    assert.ok(summary.counts.error! + summary.counts.warning! > 40_000, JSON.stringify(summary.counts));
    for (const file of [page, plain]) {
      const size = statSync(file).size;
      assert.ok(size <= PAGE_LIMIT, `${file}: ${size} bytes`);
    }
    const { caps } = parsePage(readFileSync(page, 'utf8')).meta;
    assert.deepEqual([caps.listedFindings, caps.findingsLeftOut], [caps.findingsTotal, 0]);
  });

  it('in headless Chromium: file count, top rule and count, a filter narrows the table, clean, offline', {
    skip: chromium.NO_BROWSER,
  }, async (t) => {
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch();
      const opened = await chromium.openFile(browser, page);
      t.diagnostic(`ready in ${Math.round(opened.readyMs)} ms`);
      const facts = await chromium.pageFacts(opened.page);
      assert.equal(facts.files, summary.files.total.toLocaleString('en-US'));
      const [top, second] = Object.entries(summary.byRule).sort((a, b) => b[1] - a[1]);
      assert.deepEqual([facts.topRule, facts.topCount], [top![0], String(top![1])]);
      assert.equal(facts.counter, `1–100 of ${summary.documents.toLocaleString('en-US')} documents`);
      await chromium.selectStartingWith(opened.page, '#filter-rule', `${second![0]} `);
      const narrowed = await chromium.pageFacts(opened.page);
      assert.match(narrowed.counter ?? '', /of [\d,]+ documents \(filtered from 3,015\)$/);
      assert.notEqual(narrowed.counter, facts.counter);
      // Code frames go to the first findings in the run's order, until their budget is spent: the
      // first invalid document by name has them.
      await opened.page.selectOption('#filter-rule', '');
      await opened.page.selectOption('#filter-status', { label: 'invalid' });
      await opened.page.click('#doc-table th[data-sort="path"]');
      await opened.page.click('#doc-body tr.doc');
      assert.ok((await opened.page.locator('#doc-body pre.frame').count()) > 0, 'a code frame');
      await chromium.screenshot(opened.page, 'real');
      assert.deepEqual(opened.errors, []);
      assert.deepEqual([...new Set(opened.requests)], [pathToFileURL(page).href]);
    } finally {
      await browser?.close();
    }
  });
});
