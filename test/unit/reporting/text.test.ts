import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayWidth } from '../../../src/reporting/output.js';
import { createTextReporter } from '../../../src/reporting/text.js';
import { itMatchesGoldens, renderer } from './human-goldens.js';
import {
  diag,
  doc,
  INPUTS_DIR,
  memoryStream,
  runReporter,
  SAMPLE_DOCUMENTS,
  summaryOf,
} from './sample-results.js';

const render = renderer(createTextReporter);

describe('text reporter', () => {
  itMatchesGoldens('text', render);

  it('writes no escape byte at all without colour, even when a message carries one', async () => {
    const text = await render({ color: false });
    assert.ok(!text.includes('\u001b'));
    assert.ok(text.includes('evil\\u001b[2J\\u000aname'), 'control characters are shown escaped');
  });

  it('escapes bidirectional controls and line or paragraph separators from documents', async () => {
    // Each reorders or breaks what the terminal shows: a message could read other than it says.
    const hidden = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    const breaks = ['\u2028', '\u2029'];
    const all = [...hidden, ...breaks, '\u200e', '\u200f', '\u061c'];
    const name = `a${all.join('b')}z`;
    const text = await render({ color: false }, [
      doc(`reg/${name}.json`, 0, [
        diag('mcpdesc.tool.members', 'error', `Tool "${name}" is odd.`, '/tools/0', 1, 1),
      ]),
    ]);
    for (const c of all) {
      assert.ok(!text.includes(c), `U+${c.charCodeAt(0).toString(16)} written raw`);
      assert.ok(text.includes(`\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
    }
  });

  it('colours severities only when asked', async () => {
    const text = await render({ color: true });
    assert.ok(text.includes('\u001b[31merror  \u001b[39m'));
    assert.ok(text.includes('\u001b[33mwarning\u001b[39m'));
    // The only ESC bytes are our own SGR sequences: the document's "\u001b[2J" stays escaped.
    assert.ok(!text.includes('\u001b[2J'));
  });

  it('aligns severity, message and rule id columns within a file', async () => {
    const lines = (await render({ color: false }))
      .split('\n')
      .filter((l) => l.startsWith('registry/acme/weather.json'));
    assert.equal(lines.length, 3);
    const at = (needle: RegExp) => lines.map((l) => l.search(needle));
    assert.equal(new Set(at(/ (error|warning) /)).size, 1, 'severity column');
    assert.equal(new Set(at(/mcpdesc\./)).size, 1, 'rule id column');
  });

  it('lines rule ids up after the longest message, except messages too long to pad', async () => {
    const long = `Tool "t" ${'x'.repeat(120)}`;
    const text = await render({ color: false }, [
      doc('a.json', 0, [
        diag('mcpdesc.tool.members', 'error', 'short', '/tools/0', 1, 1),
        diag('mcpdesc.tool.members', 'error', 'a somewhat longer message', '/tools/1', 2, 1),
        diag('mcpdesc.tool.members', 'error', long, '/tools/2', 3, 1),
      ]),
    ]);
    const lines = text.split('\n');
    assert.equal(lines[0], `a.json:1:1  error    ${'short'.padEnd(25)}  mcpdesc.tool.members`);
    assert.equal(lines[1], 'a.json:2:1  error    a somewhat longer message  mcpdesc.tool.members');
    assert.equal(lines[2], `a.json:3:1  error    ${long}  mcpdesc.tool.members`);
  });

  it('lines rule ids up by terminal columns when messages hold wide or astral characters', async () => {
    const text = await render({ color: false }, [
      doc('a.json', 0, [
        diag('mcpdesc.tool.name-format', 'warning', 'Tool "日本語日本語"', '/tools/0', 1, 1),
        diag('mcpdesc.tool.name-format', 'warning', 'Tool "abcdefghijkl"', '/tools/1', 2, 1),
        diag('mcpdesc.tool.name-format', 'warning', 'Tool "😀😀😀😀😀😀"', '/tools/2', 3, 1),
      ]),
    ]);
    const lines = text.split('\n').filter((l) => l.startsWith('a.json:'));
    // Each of the three names takes 12 terminal columns, so the rule ids start in the same column.
    const ruleColumns = lines.map((l) => displayWidth(l.slice(0, l.indexOf('mcpdesc.'))));
    assert.equal(new Set(ruleColumns).size, 1, JSON.stringify(lines));
  });

  it('shows a tab in a file name as an escape, so the severity column stays aligned', async () => {
    const text = await render({ color: false }, [
      doc('a\tb.json', 0, [
        diag('mcpdesc.tool.members', 'error', 'one', '/tools/0', 1, 1),
        diag('mcpdesc.tool.members', 'error', 'two', '/tools/1', 10, 1),
      ]),
    ]);
    const lines = text.split('\n').filter((l) => l.startsWith('a'));
    assert.ok(!text.includes('\t'), JSON.stringify(text));
    assert.equal(lines[0], 'a\\u0009b.json:1:1   error    one  mcpdesc.tool.members');
  });

  it("lists a file's findings in line order", async () => {
    const lines = (await render({ color: false }))
      .split('\n')
      .filter((l) => l.startsWith('registry/acme/weather.json'));
    assert.deepEqual(
      lines.map((l) => l.split(' ')[0]),
      [
        'registry/acme/weather.json:5:5',
        'registry/acme/weather.json:11:15',
        'registry/acme/weather.json:12:7',
      ],
    );
  });

  it('separates files by a blank line but keeps the documents of one JSON Lines file together', async () => {
    const text = await render({ color: false });
    assert.match(text, /registry\/dump\.jsonl:2:45 .*\nregistry\/dump\.jsonl:3 /);
    assert.match(
      text,
      /timeout" is not defined by the Tool object\. +mcpdesc\.tool\.members\n\nregistry\/bad\/broken\.json/,
    );
  });

  it('closes with the tally of the whole run', async () => {
    const text = await render({ color: false });
    // Errors: weather 2, broken 1, odd 1, big 5 (2 listed, 3 beyond the cap); findings in weather, broken,
    // dump.jsonl (two documents, one file), odd and big; the unreadable and skipped files have none.
    const summary = summaryOf(SAMPLE_DOCUMENTS);
    assert.equal(summary.counts.error, 2 + 1 + 1 + 5);
    assert.ok(text.includes(`✖ 9 errors, 2 warnings, 1 info in 5 files with findings (of 8)\n`));
    assert.ok(text.includes('  1 file skipped (see above)\n  1 input could not be checked.\n'), text);
  });

  it('leaves out what --baseline covers, counted in a line of its own, and the tally without it', async () => {
    const accepted = { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true };
    const fresh = diag('mcpdesc.tool.members', 'error', 'new', '/tools/1', 2, 1);
    const documents = [doc('a.json', 0, [accepted, fresh]), doc('b.json', 1, [accepted])];
    const summary = summaryOf(documents, { suppressed: { error: 2, warning: 0, info: 0 } });
    const sink = memoryStream();
    await runReporter(createTextReporter(sink.stream, { color: false }), documents, undefined, summary);
    assert.equal(
      sink.text(),
      'a.json:2:1  error    new  mcpdesc.tool.members\n\n' +
        '✖ 1 error, 0 warnings in 1 file with findings (of 2)\n' +
        '  2 findings in the baseline not listed (--show-suppressed lists them)\n',
    );
  });

  it('does not show red, nor count files, for findings all in the baseline', async () => {
    // A run whose findings were all baselined exits 0, yet once closed with a red "✖ 1 error".
    const accepted = { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true };
    const documents = [doc('a.json', 0, [accepted])];
    const summary = summaryOf(documents, { suppressed: { error: 1, warning: 0, info: 0 } });
    const sink = memoryStream();
    await runReporter(createTextReporter(sink.stream, { color: true }), documents, undefined, summary);
    const text = sink.text();
    assert.ok(!text.includes('\u001b[31m'), `not red: ${JSON.stringify(text)}`);
    assert.ok(text.includes('✔ No problems in 1 file\u001b[39m\n'), text);
    assert.ok(text.includes('1 finding in the baseline not listed'), text);
  });

  it('counts findings the baseline covers that --quiet kept from it, from the summary', async () => {
    // --quiet lists errors only: accepted warnings never reach the report, the summary counts them.
    const documents = [doc('a.json', 0, [diag('mcpdesc.tool.members', 'error', 'new', '/tools/1', 2, 1)])];
    const summary = summaryOf(documents, {
      counts: { error: 1, warning: 3, info: 0 },
      suppressed: { error: 0, warning: 3, info: 0 },
    });
    const sink = memoryStream();
    await runReporter(createTextReporter(sink.stream, { color: false }), documents, undefined, summary);
    assert.match(
      sink.text(),
      /✖ 1 error, 0 warnings in 1 file with findings \(of 1\)\n {2}3 findings in the baseline not listed/,
    );
  });

  it('--show-suppressed lists what --baseline covers, and the tally says how much of it is', async () => {
    const accepted = { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true };
    const all = await render({ color: true, showSuppressed: true }, [doc('a.json', 0, [accepted])]);
    assert.match(all, /old \(in baseline\)/);
    const tally = all.trimEnd().split('\n').at(-1)!;
    assert.match(tally, /1 error, 0 warnings in 1 file with findings \(of 1\), all in the baseline/);
    assert.ok(!tally.includes('\u001b[31m'), `not red: ${JSON.stringify(tally)}`);
    const some = await render({ color: false, showSuppressed: true }, [
      doc('a.json', 0, [accepted, diag('mcpdesc.tool.members', 'error', 'new', '/tools/1', 2, 1)]),
    ]);
    assert.match(
      some.trimEnd().split('\n').at(-1)!,
      /^✖ 2 errors, 0 warnings in 1 file with findings \(of 1\), 1 in the baseline$/,
    );
    assert.ok(!some.includes('not listed'));
  });

  it('groups the numbers of the tally in thousands', async () => {
    const many = Array.from({ length: 1234 }, (_, i) =>
      doc(`f${i}.json`, i, [diag('mcpdesc.tool.members', 'error', 'm', '/tools/0', 1, 1)]),
    );
    const text = await render({ color: false }, many);
    assert.ok(
      text.endsWith('✖ 1,234 errors, 0 warnings in 1,234 files with findings (of 1,234)\n'),
      text.slice(-200),
    );
  });

  it('says so when nothing was found', async () => {
    const text = await render({ color: false }, [doc('a.json', 0, []), doc('b.json', 1, [])]);
    assert.equal(text, '\n✔ No problems in 2 files\n');
  });

  it('does not claim success when nothing, or not everything, could be checked', async () => {
    // No input matched (exit 2): no tick, no "No problems".
    assert.equal(await render({ color: false }, []), '\nNo files checked\n');
    // One file unreadable (exit 2): the tally counts only what was checked.
    const text = await render({ color: false }, [
      doc('a.json', 0, []),
      doc('b.json', 1, [], { status: 'error', error: { code: 'EACCES', message: 'permission denied' } }),
    ]);
    assert.ok(!text.includes('✔'), text);
    assert.ok(!text.includes('No problems'), text);
    assert.match(text, /\n✖ 1 file of 2 could not be checked; no findings in the 1 other\n$/);
    // None could be read: no "No problems in 0 checked files (of 1)", nor Node's internal call.
    const none = await render({ color: false }, [
      doc('gone.json', 0, [], {
        status: 'error',
        error: { code: 'ENOENT', message: "ENOENT: no such file or directory, stat '/abs/gone.json'" },
      }),
    ]);
    assert.equal(
      none,
      'gone.json  error    Could not check the file: no such file or directory (ENOENT)\n\n✖ 1 file of 1 could not be checked\n',
    );
  });

  it('puts the caret under the reported column', async () => {
    const text = await render({ color: false, codeFrame: true, cwd: INPUTS_DIR });
    const lines = text.split('\n');
    let carets = 0;
    for (let i = 1; i < lines.length; i++) {
      const caret = lines[i]!.match(/^ {4}\s*\|\s*\^$/) ? lines[i]!.indexOf('^') : -1;
      if (caret === -1) continue;
      carets++;
      const target = lines[i - 1]!;
      const location = lines
        .slice(0, i)
        .reverse()
        .find((l) => /^registry\S+:\d+:\d+ /.test(l))!;
      const below = target[caret];
      // weather 5:5 '{', 12:7 '"timeout"', 11:15 '"get forecast"', broken 3:3 '"info"', dump 2:45 '{', big 5 'n'/'{'.
      assert.ok(
        below === '{' || below === '"' || below === 'n',
        `${location} -> ${JSON.stringify(target)} col ${caret}`,
      );
    }
    assert.equal(carets, 7, 'one caret per placed finding in a file that exists');
  });

  it('counts findings beyond the per-file cap', async () => {
    const text = await render({ color: false });
    assert.ok(text.includes('registry/big.json: 3 more findings not listed (--max-diagnostics-per-file)'));
  });

  it('waits for drain on a slow stream and loses nothing', async () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      doc(`f${String(i).padStart(3, '0')}.json`, i, [
        diag('mcpdesc.tool.members', 'error', `problem ${i}`, '/tools/0', 1, 1),
      ]),
    );
    const slow = memoryStream({ highWaterMark: 16, slow: true });
    await runReporter(createTextReporter(slow.stream, { color: false }), many);
    const fast = await render({ color: false }, many);
    assert.equal(slow.text(), fast);
    assert.equal(slow.text().match(/problem \d+/g)?.length, 200);
  });

  it('renders a document with 150,000 listed findings (more than a call takes arguments)', async () => {
    const diagnostics = Array.from({ length: 150_000 }, (_, i) =>
      diag('mcpdesc.tool.members', 'error', 'm', `/tools/${i}`, i + 1, 1),
    );
    const text = await render({ color: false }, [doc('many.json', 0, diagnostics)]);
    assert.equal(text.split('\n').filter((l) => l.startsWith('many.json:')).length, 150_000);
  });

  it('prints the location without a frame when the file is gone', async () => {
    const text = await render({ color: false, codeFrame: true, cwd: '/nonexistent-dir' }, [
      doc('x.json', 0, [diag('mcpdesc.tool.members', 'error', 'gone', '/tools/0', 3, 2)]),
    ]);
    assert.ok(text.startsWith('x.json:3:2  error    gone  mcpdesc.tool.members\n'));
    assert.ok(!text.includes('|'));
  });
});
