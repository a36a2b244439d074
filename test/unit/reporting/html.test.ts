import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createHtmlReporter, type HtmlReporterOptions } from '../../../src/reporting/html.js';
import { htmlText, scriptJson } from '../../../src/reporting/html-escape.js';
import type { DocumentResult } from '../../../src/types.js';
import { docsUrl } from '../../../src/validation/docs.js';
import { parsePage, rowPath } from './html-page.js';
import { diag, doc, memoryStream, runReporter, SAMPLE_DOCUMENTS, SAMPLE_RUN } from './sample-results.js';

async function render(documents: readonly DocumentResult[], options: HtmlReporterOptions = {}) {
  const out = memoryStream({ highWaterMark: 256, slow: true });
  await runReporter(createHtmlReporter(out.stream, options), documents);
  return out.text();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

describe('html escaping', () => {
  it('htmlText: markup characters become entities, controls visible, lone surrogates U+FFFD', () => {
    assert.equal(
      htmlText(`<a href="x" onclick='y'>&amp;</a>`),
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    assert.equal(htmlText('a\u001b[2Jb\u0000'), 'a\\u001b[2Jb\\u0000');
    assert.equal(htmlText('x\ud800y'), 'x\ufffdy');
    assert.equal(htmlText('🙂 line\nnext\ttab'), '🙂 line\nnext\ttab');
  });

  it('scriptJson: nothing that could end the script element or a JavaScript string, and JSON.parse gives it back', () => {
    const value = { s: '</script><!--<script>\u2028\u2029</SCRIPT >', n: ['<', '>'] };
    const json = scriptJson(value);
    assert.doesNotMatch(json, /<|>|\u2028|\u2029/);
    assert.deepEqual(JSON.parse(json), value);
  });
});

describe('html reporter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'html-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('one row per document, with its counts, findings in line order, and what the run did not list', async () => {
    const page = parsePage(await render(SAMPLE_DOCUMENTS));
    const { rows, meta } = page;
    assert.deepEqual(
      rows.map((r) => `${rowPath(r, meta)}${r.l === undefined ? '' : `:${r.l}`}`),
      SAMPLE_DOCUMENTS.map((d) => `${d.file}${d.line === undefined ? '' : `:${d.line}`}`),
    );
    const weather = rows[1]!;
    assert.deepEqual([weather.e, weather.w, weather.i, weather.u], [2, 1, 0, 0]);
    // Line order (the results list them rule by rule).
    assert.deepEqual(
      weather.d.map((f) => [f[2], f[3], meta.messages[f[5]]]),
      [
        [5, 5, 'Tool "get_forecast" is missing required member "inputSchema".'],
        [11, 15, 'Tool name "get forecast" does not match ^[A-Za-z0-9_.-]{1,128}$.'],
        [12, 7, 'Tool member "timeout" is not defined by the Tool object.'],
      ],
    );
    const rule = (i: number) => meta.rules[i]!;
    assert.deepEqual(rule(weather.d[0]![0]), {
      id: 'mcpdesc.tool.members',
      docs: docsUrl('mcpdesc.tool.members'),
    });
    // A rule the catalogue does not know (a stored report may name any) gets no link.
    const unknown = rows[5]!.d[0]!;
    assert.deepEqual(rule(unknown[0]), { id: 'mcpdesc.document.primitives' });
    assert.deepEqual([unknown[2], unknown[3], unknown[1]], [null, null, 2]);
    // big.json: 5 errors, 2 listed by the run.
    assert.deepEqual([rows[7]!.e, rows[7]!.d.length, rows[7]!.u], [5, 2, 3]);
    assert.equal(rows[3]!.x, 'permission denied (EACCES)');
    assert.equal(meta.versions[rows[2]!.v], null);
    assert.equal(meta.versions[rows[0]!.v], '0.7.0');
    assert.deepEqual([meta.caps.listedFindings, meta.caps.findingsLeftOut], [9, 0]);
  });

  it('the static part: file count, the top rule with its count and a link, the verdict', async () => {
    const html = await render(SAMPLE_DOCUMENTS);
    assert.match(html, /<div class="value" id="files-total">8<\/div>/);
    const bars = [...html.matchAll(/<g class="bar" data-rule="([^"]+)" data-count="(\d+)">/g)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    assert.deepEqual(bars[0], ['mcpdesc.tool.members', 8]);
    assert.equal(bars.length, 5);
    assert.match(html, new RegExp(`<a href="${docsUrl('mcpdesc.tool.members')}"[^>]*><text class="rule"`));
    assert.match(html, /<span class="word">Incomplete<\/span> <span class="exit">exit code 2<\/span>/);
    assert.match(html, /<li>1 input could not be checked\.<\/li>/);
    // The run's own truncation is not the page's cap: no cap note.
    assert.doesNotMatch(html, /id="caps"/);
  });

  it('streams: each row is written when its document arrives, before the end', async () => {
    const out = memoryStream();
    const reporter = createHtmlReporter(out.stream);
    await reporter.onStart(SAMPLE_RUN);
    await reporter.onDocument(SAMPLE_DOCUMENTS[1]!);
    assert.match(out.text(), /id="mdv-rows">\[\n\{"f":0,"n":"weather\.json"/);
    assert.doesNotMatch(out.text(), /<\/html>/);
  });

  it('document content is text: no markup, no script of its own, nothing that ends the data block', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const documents = [
      doc(`reg/${evil}.json`, 0, [
        diag(
          'mcpdesc.tool.members',
          'error',
          `Tool ${evil}\u2028<img src=x onerror=alert(2)>`,
          `/tools/${evil}`,
          1,
          1,
        ),
        diag(`<svg onload=alert(3)>`, 'warning', 'rule id from a stored report', '', 1, 2),
      ]),
      doc('reg/ok.json', 1, [], { mcpdesc: '<b onmouseover=alert(4)>0.7.0</b>' }),
    ];
    const html = await render(documents);
    const page = parsePage(html);
    // The page's three script elements, and no other.
    assert.deepEqual(page.scriptTags, [
      '<script type="application/json" id="mdv-rows">',
      '<script type="application/json" id="mdv-meta">',
      '<script type="module">',
    ]);
    assert.doesNotMatch(html, /<img|<svg onload|<b onmouseover|\u2028/i);
    // …and every string comes back exactly from the data.
    assert.equal(rowPath(page.rows[0]!, page.meta), `reg/${evil}.json`);
    assert.equal(
      page.meta.messages[page.rows[0]!.d[0]![5]],
      `Tool ${evil}\u2028<img src=x onerror=alert(2)>`,
    );
    assert.equal(page.rows[0]!.d[0]![4], `/tools/${evil}`);
    assert.ok(page.meta.versions.includes('<b onmouseover=alert(4)>0.7.0</b>'));
    // Drawn on the server, escaped: the chart's rule id and the versions seen.
    assert.match(html, /data-rule="&lt;svg onload=alert\(3\)&gt;"/);
    assert.match(html, /<code>&lt;b onmouseover=alert\(4\)&gt;0\.7\.0&lt;\/b&gt;<\/code>/);
  });

  it("a Content-Security-Policy that allows only the page's own style and script, and no fetch", async () => {
    const page = parsePage(await render(SAMPLE_DOCUMENTS));
    assert.equal(
      page.policy,
      `default-src 'none'; style-src 'sha256-${sha256(page.style)}'; script-src 'sha256-${sha256(page.script)}'; ` +
        "img-src 'none'; base-uri 'none'; form-action 'none'",
    );
    assert.doesNotMatch(page.script, /<\/script|<!--/i);
  });

  it('--code-frame: the lines of each listed finding, within the page budget', async () => {
    const text = '{\n  "mcpdesc": "0.7.0",\n  "tools": [\n    {"name": "a b"}\n  ]\n}\n';
    writeFileSync(join(dir, 'framed.json'), text);
    const findings = [
      diag('mcpdesc.tool.members', 'error', 'no inputSchema', '/tools/0', 4, 5),
      diag('mcpdesc.tool.name-pattern', 'warning', 'bad name', '/tools/0/name', 4, 14),
    ];
    const framed = doc('framed.json', 0, findings);
    const page = parsePage(await render([framed], { cwd: dir, codeFrame: true }));
    const frame = page.rows[0]!.d[0]![7]!;
    assert.equal(
      frame,
      ['  3 |   "tools": [', '> 4 |     {"name": "a b"}', '    |     ^', '  5 |   ]'].join('\n'),
    );
    assert.equal(page.rows[0]!.d[0]![6], 0);
    // A budget the first frame spends: the second finding is listed without one, and the page says so.
    const tight = await render([framed], { cwd: dir, codeFrame: true, limits: { frameChars: frame.length } });
    const capped = parsePage(tight);
    assert.equal(capped.rows[0]!.d[0]![7], frame);
    assert.equal(capped.rows[0]!.d[1]!.length, 6);
    assert.equal(capped.meta.caps.framesLeftOut, 1);
    assert.match(tight, /1 listed finding has no code frame/);
    // Without --code-frame the files are not read.
    assert.equal(parsePage(await render([framed], { cwd: dir })).rows[0]!.d[0]!.length, 6);
  });

  it('the changes since the baseline, when the run had one', async () => {
    const html = await render(SAMPLE_DOCUMENTS, {
      changes: () => ({
        against: 'the baseline <b>.ndjson',
        byRule: {
          'mcpdesc.tool.members': { new: 2, fixed: 1, unchanged: 3 },
          'mcpdesc.tool.name-pattern': { new: 0, fixed: 0, unchanged: 4 },
        },
        notes: ['a note'],
      }),
    });
    assert.match(html, /<h2>Since the baseline &lt;b&gt;\.ndjson<\/h2>/);
    assert.match(
      html,
      /id="changes-new">2 new<\/span>, <span class="fixed" id="changes-fixed">1 fixed<\/span>, 7 unchanged/,
    );
    // Rules with nothing new or fixed are not rows.
    assert.doesNotMatch(html, /<code>mcpdesc\.tool\.name-pattern<\/code><\/td>/);
    assert.doesNotMatch(await render(SAMPLE_DOCUMENTS), /id="changes"/);
  });

  it('a summary of the page that counts exactly what the run counted, past every cap', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      doc(`reg/d${i}.json`, i, [
        diag('mcpdesc.tool.members', 'error', `m${i}`, '/tools/0', 1, 1),
        diag('mcpdesc.tool.members', 'error', 'same', '/tools/1', 2, 1),
      ]),
    );
    const html = await render(many, { limits: { rows: 10, findings: 15 } });
    const page = parsePage(html);
    assert.equal(page.rows.length, 10);
    assert.equal(
      page.rows.reduce((n, r) => n + r.d.length, 0),
      15,
    );
    assert.equal(page.rows[9]!.u, 2);
    assert.match(html, /id="findings-total">60</);
    assert.match(html, /data-rule="mcpdesc\.tool\.members" data-count="60"/);
    assert.match(html, /The table lists 10 of 30 documents/);
    assert.match(
      html,
      /15 of 60 findings are listed with their position and message \(at most 15, errors first; 45 more are counted only\)/,
    );
    // One message found 30 times is held once.
    assert.equal(page.meta.messages.filter((m) => m === 'same').length, 1);
  });
});
