import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openAtomicFile } from '../../../src/atomic-file.js';
import { createJunitReporter } from '../../../src/reporting/junit.js';
import { xmlAttr } from '../../../src/reporting/xml-escape.js';
import {
  assertGolden,
  diag,
  doc,
  memoryStream,
  runReporter,
  SAMPLE_DOCUMENTS,
  SAMPLE_RUN,
  summaryOf,
} from './sample-results.js';

const dir = mkdtempSync(join(tmpdir(), 'junit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Tags balance, attributes are quoted, and no raw '<' or '&' appears in text (a small well-formedness check). */
function assertWellFormed(xml: string) {
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'));
  const body = xml.slice(xml.indexOf('\n') + 1);
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(body); m !== null; m = tag.exec(body)) {
    const text = body.slice(last, m.index);
    assert.ok(!/[<]|&(?!(amp|lt|gt|quot|#\d+);)/.test(text), `raw markup in text: ${JSON.stringify(text)}`);
    last = tag.lastIndex;
    if (m[1] === '/') assert.equal(stack.pop(), m[2]);
    else if (m[4] !== '/') stack.push(m[2]!);
  }
  assert.equal(body.slice(last).trim(), '');
  assert.deepEqual(stack, []);
}

describe('junit reporter', () => {
  it('matches the golden output on a stream (totals in the trailing system-out)', async () => {
    const sink = memoryStream();
    await runReporter(createJunitReporter(sink.stream), SAMPLE_DOCUMENTS);
    assertWellFormed(sink.text());
    assertGolden('junit.xml', sink.text(), assert.equal);
  });

  it('fills the totals into the opening tags when written through an atomic file', async () => {
    const path = join(dir, 'report.xml');
    const file = await openAtomicFile(path);
    await runReporter(
      createJunitReporter(file.stream, { patchOnCommit: file.patchOnCommit }),
      SAMPLE_DOCUMENTS,
    );
    await file.commit();
    const xml = readFileSync(path, 'utf8');
    assertWellFormed(xml);
    assertGolden('junit-file.xml', xml, assert.equal);
    // 9 documents: weather, broken, odd and big fail; secret is an error; huge is skipped.
    assert.match(
      xml,
      /<testsuites name="mcpdesc-validate" tests="9" failures="4" errors="1" skipped="1" time="1\.234" *>/,
    );
    assert.match(
      xml,
      /<testsuite name="mcpdesc-validate" timestamp="[^"]+" tests="9" failures="4" errors="1" skipped="1" time="1\.234" *>/,
    );
    assert.ok(!xml.includes('Totals:'));
  });

  it('makes one test case per document and lists the findings of failed ones', async () => {
    const sink = memoryStream();
    await runReporter(createJunitReporter(sink.stream), SAMPLE_DOCUMENTS);
    const xml = sink.text();
    assert.equal(xml.match(/<testcase /g)?.length, SAMPLE_DOCUMENTS.length);
    assert.ok(xml.includes('name="registry/dump.jsonl:2"'));
    assert.match(
      xml,
      /<failure message="2 errors, 1 warning" type="mcpdesc.tool.members">registry\/acme\/weather.json:5:5 {2}error/,
    );
    assert.ok(xml.includes('… 3 more findings not listed'));
    // A document with only a warning passes; its finding is kept in system-out.
    assert.match(
      xml,
      /name="registry\/dump.jsonl:2"[^>]*>\n {6}<system-out>registry\/dump.jsonl:2:45 {2}warning/,
    );
  });

  it('fails documents with warnings under --fail-on warning', async () => {
    const sink = memoryStream();
    const run = { ...SAMPLE_RUN, options: { failOn: 'warning' } };
    const warned = [
      doc('w.json', 0, [diag('mcpdesc.tool.name-pattern', 'warning', 'w', '/tools/0/name', 1, 1)]),
    ];
    await runReporter(createJunitReporter(sink.stream), warned, run);
    assert.match(sink.text(), /<failure message="0 errors, 1 warning" type="mcpdesc.tool.name-pattern">/);
  });

  it('fails documents with infos only under --fail-on info, as the exit code does', async () => {
    const noted = [doc('i.json', 0, [diag('mcpdesc.tool.name-pattern', 'info', 'i', '/tools/0/name', 1, 1)])];
    for (const [failOn, fails] of [
      ['info', true],
      ['warning', false],
      ['error', false],
    ] as const) {
      const sink = memoryStream();
      await runReporter(createJunitReporter(sink.stream), noted, { ...SAMPLE_RUN, options: { failOn } });
      assert.equal(sink.text().includes('<failure '), fails, `--fail-on ${failOn}`);
    }
  });

  it('does not fail a document whose errors are all covered by --baseline', async () => {
    // The run exits 0 on them, yet every baselined document once showed as a failed test.
    const sink = memoryStream();
    const baselined = doc('old.json', 0, [
      { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true },
    ]);
    const mixed = doc('mixed.json', 1, [
      { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true },
      diag('mcpdesc.tool.members', 'error', 'new', '/tools/1', 2, 1),
    ]);
    await runReporter(createJunitReporter(sink.stream), [baselined, mixed]);
    const xml = sink.text();
    assertWellFormed(xml);
    const cases = xml.split('<testcase').slice(1);
    assert.ok(!cases[0]!.includes('<failure'), cases[0]);
    assert.match(cases[0]!, /<system-out>old\.json:1:1 {2}error {2}old \(in baseline\)/);
    assert.match(cases[1]!, /<failure /);
  });

  it('a run failed only by --max-warnings or --strict-baseline has a failing test case that says so', async () => {
    // Warnings only: no document fails under --fail-on error, yet the run exits 1.
    const documents = [
      doc('a.json', 2, [diag('mcpdesc.tool.name-pattern', 'warning', 'w', '/tools/0/name', 1, 1)]),
    ];
    const sink = memoryStream();
    await runReporter(
      createJunitReporter(sink.stream),
      documents,
      SAMPLE_RUN,
      summaryOf(documents, {
        exitCode: 1,
        maxWarnings: { limit: 0, warnings: 1, exceeded: true },
        staleBaseline: 2,
      }),
    );
    const xml = sink.text();
    assertWellFormed(xml);
    assert.match(
      xml,
      /<testcase classname="mcpdesc-validate" name="max-warnings" time="0.000">\n\s*<failure message="1 warning: more than --max-warnings 0\." type="max-warnings"/,
    );
    assert.match(
      xml,
      /<failure message="2 baseline entries no longer found \(--strict-baseline\)\." type="stale-baseline"/,
    );
    assert.match(xml, /Totals: tests=3 failures=2 errors=0 skipped=0/);

    // Within the limit, nothing stale: no extra test case.
    const ok = memoryStream();
    await runReporter(
      createJunitReporter(ok.stream),
      documents,
      SAMPLE_RUN,
      summaryOf(documents, { maxWarnings: { limit: 5, warnings: 1, exceeded: false }, staleBaseline: 0 }),
    );
    assert.doesNotMatch(ok.text(), /<failure/);
    assert.match(ok.text(), /Totals: tests=1 failures=0/);
  });

  it('is well-formed for a run without documents, on a stream and in a file', async () => {
    const sink = memoryStream();
    await runReporter(createJunitReporter(sink.stream), []);
    assertWellFormed(sink.text());
    const path = join(dir, 'empty.xml');
    const file = await openAtomicFile(path);
    await runReporter(createJunitReporter(file.stream, { patchOnCommit: file.patchOnCommit }), []);
    await file.commit();
    const xml = readFileSync(path, 'utf8');
    assertWellFormed(xml);
    assert.match(xml, /<testsuites name="mcpdesc-validate" tests="0" failures="0" errors="0" skipped="0"/);
  });

  it('escapes markup and drops characters XML cannot carry', () => {
    assert.equal(xmlAttr('a<b>&"c"\n\u0000\u001b'), 'a&lt;b&gt;&amp;&quot;c&quot;&#10;\\u0000\\u001b');
  });
});
