// The HTML report end to end: the page a run writes and the page `report` draws from its NDJSON are
// the same; `report --compare` and --baseline say what is new and fixed; a 1,000,000-finding report
// renders within the page's caps in a capped heap. Then the pages in headless Chromium (Debian's
// package; skipped with one line where it is not installed): counts, the top rule, filters, no script
// error, no request beyond the file itself, untrusted text shown as text. Screenshots go to
// dist/test-output/html-report/.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { cpSync, createWriteStream, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import {
  launch,
  NO_BROWSER,
  openFile,
  pageFacts,
  screenshot,
  selectStartingWith,
} from '../helpers/browser.js';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';
import { parsePage } from '../unit/reporting/html-page.js';

/** What differs between two runs of the same results: times, the command line, the formats named. */
function normalise(html: string): string {
  return html
    .replace(
      /([{,]"(?:startedAt|durationMs|wallMs|peakRssBytes)":)(?:-?[0-9][0-9.eE+-]*|"[^"\\]*")/g,
      '$1"<x>"',
    )
    .replace(/([{,]"throughput":)\{[^{}]*\}/g, '$1"<x>"')
    .replace(/([{,]"(?:argv|formats)":)\[[^\]]*\]/g, '$1"<x>"');
}

const FINDINGS = 1_000_000;
const PER_DOCUMENT = 100;

/** A stored run of FINDINGS findings, PER_DOCUMENT to a document, 100 documents to a folder. */
async function writeMillionReport(path: string, run: string): Promise<void> {
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(run);
  const documents = FINDINGS / PER_DOCUMENT;
  for (let i = 0; i < documents; i++) {
    // In document order, as a run writes them: sorted by name. One write per document: a million
    // writes of a line each cost more than the rest of the file's making.
    const file = `f${String(Math.floor(i / 100)).padStart(2, '0')}/d${String(i).padStart(5, '0')}.json`;
    let lines = '';
    for (let k = 0; k < PER_DOCUMENT; k++) {
      const error = k % 4 !== 0;
      lines += `{"type":"diagnostic","file":"${file}","ruleId":"mcpdesc.tool.${error ? 'members' : 'name-format'}","severity":"${error ? 'error' : 'warning'}","message":"tool ${k} is wrong","pointer":"/tools/${k}","path":["tools",${k}],"line":${k + 2},"column":5,"specSection":"9.1","docsUrl":"u"}\n`;
    }
    await write(
      `${lines}{"type":"file","file":"${file}","status":"invalid","format":"json","bytes":1000,"mcpdesc":"0.7.0","errors":75,"warnings":25,"infos":0,"tools":100,"durationMs":1,"truncated":false}`,
    );
  }
  await write(
    JSON.stringify({
      type: 'summary',
      exitCode: 1,
      aborted: false,
      failOn: 'error',
      files: { total: documents, valid: 0, invalid: documents, error: 0, skipped: 0 },
      documents,
      counts: { error: documents * 75, warning: documents * 25, info: 0 },
      byRule: { 'mcpdesc.tool.members': documents * 75, 'mcpdesc.tool.name-format': documents * 25 },
      bytes: documents * 1000,
      tools: documents * 100,
      wallMs: 60000,
      throughput: { filesPerSec: 166.67, mbPerSec: 0.17, toolsPerSec: 16666.67 },
      peakRssBytes: 0,
      shard: null,
    }),
  );
  out.end();
  await once(out, 'finish');
}

describe('html report', () => {
  const tmp = tempDir('html');
  const cwd = tmp.path;
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, { cwd, env: { GITHUB_WORKSPACE: '', ...env } });
  const read = (name: string) => readFileSync(join(cwd, name), 'utf8');

  before(async () => {
    cpSync(join(REPO_ROOT, 'corpus/samples'), join(cwd, 'samples'), { recursive: true });
    // A tool named to break out of the page's data block; a file named as markup.
    const evil = '</script><script>alert(1)</script><!--';
    writeFileSync(
      join(cwd, 'samples/invalid/<img src=x onerror=alert(2)>.json'),
      JSON.stringify({
        mcpdesc: '0.7.0',
        info: { name: 'x', version: '1.0.0' },
        transports: [{ type: 'stdio', command: 'x' }],
        tools: [{ name: evil, inputSchema: { type: 'object' } }],
      }),
    );
  });
  after(() => tmp.remove());

  it('a run and `report` of its NDJSON write the same page, code frames and baseline changes included', async () => {
    await cli(['samples', '--write-baseline', 'baseline.ndjson', '-f', 'ndjson=old.ndjson']);
    // Since the baseline: findings fixed (a file gone), others new (a file added).
    rmSync(join(cwd, 'samples/invalid/tag-duplicate.json'));
    cpSync(join(cwd, 'samples/invalid/tool-member-wrong-type.json'), join(cwd, 'samples/invalid/copy.json'));
    const base = ['samples', '--baseline', 'baseline.ndjson', '--code-frame'];
    const run = await cli([...base, '-f', 'ndjson=run.ndjson', '-f', 'html=run.html']);
    assert.equal(run.code, 1, run.stderr);
    // --code-frame is the html report's too: no note that it applies to the reports for people only.
    assert.doesNotMatch(run.stderr, /reports only/);
    const rendered = await cli(['report', 'run.ndjson', '--code-frame', '-f', 'html=report.html']);
    assert.equal(rendered.code, 1, rendered.stderr);
    assert.equal(rendered.stderr, '');
    assert.equal(normalise(read('report.html')), normalise(read('run.html')));

    const html = read('run.html');
    const page = parsePage(html);
    assert.ok(
      page.rows.some((r) => r.d.some((f) => f[7]?.includes('|'))),
      'some finding has a code frame',
    );
    // The changes agree with `compare` of the two reports.
    const compared = await cli(['compare', 'old.ndjson', 'run.ndjson']);
    const tally = compared.records.find((r) => r.type === 'comparison')!.counts as Record<string, number>;
    assert.ok(tally.new! > 0 && tally.fixed! > 0, JSON.stringify(tally));
    assert.match(html, new RegExp(`<span class="new" id="changes-new">${tally.new} new</span>`));
    assert.match(html, new RegExp(`<span class="fixed" id="changes-fixed">${tally.fixed} fixed</span>`));
    assert.match(html, /<h2>Since the baseline baseline\.ndjson<\/h2>/);

    const againstOld = await cli([
      'report',
      'run.ndjson',
      '--compare',
      'old.ndjson',
      '-f',
      'html=compare.html',
    ]);
    assert.equal(againstOld.code, 1, againstOld.stderr);
    const comparedPage = read('compare.html');
    assert.match(comparedPage, /<h2>Since old\.ndjson \(/);
    assert.match(comparedPage, new RegExp(`id="changes-new">${tally.new} new<`));
    assert.match(comparedPage, new RegExp(`id="changes-fixed">${tally.fixed} fixed<`));
  });

  it('report --compare: one report file, an html page; a problem with either input is exit 2', async () => {
    await cli(['samples', '-f', 'ndjson=a.ndjson']);
    const two = await cli(['report', 'a.ndjson', 'a.ndjson', '--compare', 'a.ndjson', '-f', 'html=x.html']);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /--compare <old\.ndjson>' needs exactly one report file/);
    const missing = await cli(['report', 'a.ndjson', '--compare', 'nope.ndjson', '-f', 'html=x.html']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--compare: cannot read nope\.ndjson/);
    assert.throws(() => statSync(join(cwd, 'x.html')), /ENOENT/);
    const noHtml = await cli(['report', 'a.ndjson', '--compare', 'a.ndjson', '-f', 'sarif=x.sarif']);
    assert.match(noHtml.stderr, /--compare applies to the html report only/);
  });

  it('1,000,000 findings: the page keeps to its caps and says so, every count exact, in a 64 MB heap', async () => {
    const small = await cli(['samples/valid', '-f', 'ndjson']);
    await writeMillionReport(join(cwd, 'million.ndjson'), small.stdout.split('\n')[0]!);
    const r = await cli(['report', 'million.ndjson', '-f', 'html=million.html'], {
      NODE_OPTIONS: '--max-old-space-size=64',
    });
    assert.equal(r.code, 1, r.stderr);
    const html = read('million.html');
    const page = parsePage(html);
    assert.equal(page.rows.length, 10_000);
    assert.equal(
      page.rows.reduce((n, row) => n + row.d.length, 0),
      60_000,
    );
    assert.deepEqual(
      [page.meta.caps.findingsTotal, page.meta.caps.listedFindings, page.meta.caps.findingsLeftOut],
      [1_000_000, 60_000, 940_000],
    );
    assert.match(html, /id="findings-total">1,000,000</);
    assert.match(html, /data-rule="mcpdesc\.tool\.members" data-count="750000"/);
    assert.match(html, /60,000 of 1,000,000 findings are listed with their position and message/);
    assert.ok(html.length < 20_000_000, `${html.length} bytes`);
  });

  describe('in headless Chromium', { skip: NO_BROWSER }, () => {
    let browser: Browser;
    before(async () => {
      browser = await launch();
    });
    after(async () => browser?.close());

    it('the samples: file count, top rule and count, filters narrow the table, clean and offline', async () => {
      await cli(['samples', '-f', 'ndjson=samples.ndjson', '-f', 'html=samples.html']);
      const records = read('samples.ndjson')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const summary = records.at(-1);
      const documents = records.filter((r) => r.type === 'file');
      const file = join(cwd, 'samples.html');
      const opened = await openFile(browser, file);
      const { page } = opened;
      const facts = await pageFacts(page);
      assert.equal(facts.files, String(summary.files.total));
      const byRule = Object.entries(summary.byRule as Record<string, number>).sort(
        (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
      );
      assert.deepEqual([facts.topRule, facts.topCount], [byRule[0]![0], String(byRule[0]![1])]);
      assert.match(facts.topLink ?? '', /^https:\/\/.*\/docs\/rules\/.*\.md$/);
      const all = documents.length;
      assert.equal(facts.counter, `1–${Math.min(100, all)} of ${all} documents`);

      await page.selectOption('#filter-status', { label: 'valid' });
      const valid = documents.filter((d) => d.status === 'valid').length;
      assert.ok(valid > 0 && valid < all);
      assert.equal(
        (await pageFacts(page)).counter,
        `1–${valid} of ${valid} documents (filtered from ${all})`,
      );
      assert.equal((await pageFacts(page)).rows, valid);
      await page.selectOption('#filter-status', { label: 'any status' });
      const rule = 'mcpdesc.tool.name-format';
      await selectStartingWith(page, '#filter-rule', `${rule} `);
      // A document's diagnostic records come just before its file record.
      let withRule = 0;
      let found = false;
      for (const r of records) {
        if (r.type === 'diagnostic' && r.ruleId === rule) found = true;
        if (r.type === 'file') {
          if (found) withRule++;
          found = false;
        }
      }
      assert.ok(withRule > 0 && withRule < all);
      assert.equal((await pageFacts(page)).rows, withRule);
      // A document's findings, opened from its row.
      await page.click('#doc-body tr.doc');
      assert.ok((await page.locator('#doc-body tr.details table.findings tbody tr').count()) > 0);
      await screenshot(page, 'samples');

      assert.deepEqual(opened.errors, []);
      assert.deepEqual([...new Set(opened.requests)], [pathToFileURL(file).href]);
    });

    it('untrusted names are text: no dialog, no error, the name found by the text filter', async () => {
      const file = join(cwd, 'samples.html');
      const opened = await openFile(browser, file);
      const { page } = opened;
      await page.fill('#filter-text', 'alert(2)');
      // (The page's policy forbids eval: Playwright's string predicates cannot run there; locators can.)
      await page.locator('#doc-count', { hasText: /^1–1 of 1 documents/ }).waitFor();
      const path = await page.textContent('#doc-body tr.doc td.path');
      assert.match(path ?? '', /samples\/invalid\/<img src=x onerror=alert\(2\)>\.json$/);
      await page.fill('#filter-text', '</script><script>alert(1)');
      await page.locator('#doc-count', { hasText: /^1–1 of 1 documents/ }).waitFor();
      await page.click('#doc-body tr.doc');
      const message = await page.textContent('#doc-body tr.details .message');
      assert.match(message ?? '', /<\/script><script>alert\(1\)<\/script><!--/);
      assert.equal(await page.locator('img').count(), 0);
      await screenshot(page, 'injection');
      assert.deepEqual(opened.dialogs, []);
      assert.deepEqual(opened.errors, []);
      assert.deepEqual([...new Set(opened.requests)], [pathToFileURL(file).href]);
    });

    it('the 1,000,000-finding page: capped, stated, exact counts, clean', async () => {
      const file = join(cwd, 'million.html');
      const opened = await openFile(browser, file);
      const facts = await pageFacts(opened.page);
      assert.equal(facts.findings, '1,000,000');
      assert.equal(facts.counter, '1–100 of 10,000 documents');
      assert.match(facts.caps ?? '', /60,000 of 1,000,000 findings are listed/);
      await selectStartingWith(opened.page, '#filter-folder', 'f07 ');
      assert.equal((await pageFacts(opened.page)).counter, '1–100 of 100 documents (filtered from 10,000)');
      await screenshot(opened.page, 'million');
      assert.deepEqual(opened.errors, []);
      assert.deepEqual([...new Set(opened.requests)], [pathToFileURL(file).href]);
    });
  });
});
