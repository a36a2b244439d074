import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStylishReporter } from '../../../src/reporting/stylish.js';
import { itMatchesGoldens, renderer } from './human-goldens.js';
import { diag, doc, memoryStream, runReporter, summaryOf } from './sample-results.js';

const render = renderer(createStylishReporter);

/** The lines under the heading `file`, up to the next blank line. */
function block(text: string, file: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(file);
  assert.ok(start >= 0, `a heading ${file}`);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('stylish reporter', () => {
  itMatchesGoldens('stylish', render);

  it('names each file once, as a heading, with its findings below it in line order', async () => {
    const text = await render({ color: false });
    const headings = text.split('\n').filter((l) => l.startsWith('registry/'));
    assert.deepEqual(headings, [
      'registry/acme/weather.json',
      'registry/bad/broken.json',
      'registry/private/secret.json',
      'registry/dump.jsonl',
      'registry/odd:name,100%.json',
      'registry/big.json',
      'registry/huge.json',
    ]);
    assert.deepEqual(
      block(text, 'registry/acme/weather.json').map((l) => l.trim().split(/ +/).slice(0, 2)),
      [
        ['5:5', 'error'],
        ['11:15', 'warning'],
        ['12:7', 'error'],
      ],
    );
    // No finding row repeats the file name.
    assert.ok(!/^ .*registry\//m.test(text));
  });

  it('aligns line and column on the colon, then severity, message and rule id columns', async () => {
    const rows = block(await render({ color: false }), 'registry/acme/weather.json');
    assert.equal(new Set(rows.map((r) => r.indexOf(':'))).size, 1, 'colons in one column');
    assert.equal(new Set(rows.map((r) => r.search(/ (error|warning) /))).size, 1, 'severity column');
    assert.equal(new Set(rows.map((r) => r.indexOf('mcpdesc.'))).size, 1, 'rule id column');
    assert.ok(
      rows.every((r) => r.startsWith('  ')),
      'rows are indented under the heading',
    );
  });

  it('keeps the documents of one JSON Lines file under one heading, at their lines', async () => {
    const rows = block(await render({ color: false }), 'registry/dump.jsonl');
    assert.equal(rows.length, 2);
    assert.match(rows[0]!, /^ {2}2:45 +warning/);
    // A finding without a position of its own is placed at its document's line.
    assert.match(rows[1]!, /^ {2}3 +info/);
  });

  it('says why a file could not be checked, under its name', async () => {
    const text = await render({ color: false });
    assert.deepEqual(block(text, 'registry/private/secret.json'), [
      '  error    Could not check the file: permission denied (EACCES)',
    ]);
    assert.match(block(text, 'registry/huge.json')[0]!, /^ {2}skipped +Skipped: file is/);
  });

  it('counts the findings beyond the per-file cap under the file', async () => {
    const rows = block(await render({ color: false }), 'registry/big.json');
    assert.equal(rows.at(-1), '  3 more findings not listed (--max-diagnostics-per-file)');
  });

  it('escapes control characters in file names and messages; colours only when asked', async () => {
    const plain = await render({ color: false }, [
      doc('bad\u001b[2Jname\t.json', 0, [
        diag('mcpdesc.tool.members', 'error', 'x\u001b]0;y\u0007', '/tools/0', 1, 1),
      ]),
    ]);
    assert.ok(!plain.includes('\u001b') && !plain.includes('\t'));
    assert.ok(plain.startsWith('bad\\u001b[2Jname\\u0009.json\n'));
    const coloured = await render({ color: true });
    assert.ok(coloured.includes('\u001b[4mregistry/acme/weather.json\u001b[24m'), 'headings underlined');
    assert.ok(coloured.includes('\u001b[31merror  \u001b[39m'));
    assert.ok(!coloured.includes('\u001b[2J'));
  });

  it('closes with the same tally as text, grouped in thousands', async () => {
    const many = Array.from({ length: 1500 }, (_, i) =>
      doc(`f${i}.json`, i, [diag('mcpdesc.tool.members', 'warning', 'm', '/tools/0', 1, 1)]),
    );
    const text = await render({ color: false }, [...many, doc('clean.json', 1500, [])]);
    assert.ok(text.endsWith('\n✖ 0 errors, 1,500 warnings in 1,500 files with findings (of 1,501)\n'));
  });

  it('leaves out what --baseline covers unless asked to show it', async () => {
    const accepted = { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true };
    const documents = [
      doc('a.json', 0, [accepted, diag('mcpdesc.tool.members', 'error', 'new', '/tools/1', 2, 1)]),
    ];
    const summary = summaryOf(documents, { suppressed: { error: 1, warning: 0, info: 0 } });
    const hidden = memoryStream();
    await runReporter(createStylishReporter(hidden.stream, { color: false }), documents, undefined, summary);
    assert.equal(
      hidden.text(),
      'a.json\n  2:1  error    new  mcpdesc.tool.members\n\n' +
        '✖ 1 error, 0 warnings in 1 file with findings (of 1)\n' +
        '  1 finding in the baseline not listed (--show-suppressed lists them)\n',
    );
    const shown = memoryStream();
    await runReporter(
      createStylishReporter(shown.stream, { color: false, showSuppressed: true }),
      documents,
      undefined,
      summary,
    );
    assert.match(shown.text(), /1:1 +error +old \(in baseline\)/);
    assert.match(
      shown.text(),
      /✖ 2 errors, 0 warnings in 1 file with findings \(of 1\), 1 in the baseline\n$/,
    );
  });

  it('renders a document with 150,000 listed findings (more than a call takes arguments)', async () => {
    const diagnostics = Array.from({ length: 150_000 }, (_, i) =>
      diag('mcpdesc.tool.members', 'error', 'm', `/tools/${i}`, i + 1, 1),
    );
    const text = await render({ color: false }, [doc('many.json', 0, diagnostics)]);
    assert.equal(block(text, 'many.json').length, 150_000);
  });
});
