import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createGithubReporter, escapeData, escapeProperty } from '../../../src/reporting/github.js';
import type { DocumentResult } from '../../../src/types.js';
import { assertGolden, diag, doc, memoryStream, runReporter, SAMPLE_DOCUMENTS } from './sample-results.js';

async function annotate(documents: readonly DocumentResult[] = SAMPLE_DOCUMENTS) {
  const sink = memoryStream();
  await runReporter(createGithubReporter(sink.stream, { cwd: '/repo/sub', root: '/repo' }), documents);
  return sink.text();
}

const commands = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => l.match(/^::(error|warning|notice)[ :]/)?.[1]);

describe('github reporter', () => {
  it('matches the golden output', async () => {
    assertGolden('github.txt', await annotate(), assert.equal);
  });

  it('escapes data and properties as the workflow-command parser expects', () => {
    assert.equal(escapeData('100%\r\nnext'), '100%25%0D%0Anext');
    assert.equal(escapeProperty('a:b,c%\n'), 'a%3Ab%2Cc%25%0A');
    // '%' first: escaping it last would double-escape the other sequences.
    assert.equal(escapeData('%0A'), '%250A');
  });

  it('escapes bidirectional controls and line or paragraph separators from documents', async () => {
    const all = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    all.push('\u2028', '\u2029', '\u200e', '\u200f', '\u061c');
    const name = `a${all.join('b')}z`;
    const text = await annotate([
      doc(`${name}.json`, 0, [
        diag('mcpdesc.tool.members', 'error', `Tool "${name}" is odd.`, '/tools/0', 1, 1),
      ]),
    ]);
    for (const c of all) {
      assert.ok(!text.includes(c), `U+${c.charCodeAt(0).toString(16)} written raw`);
      assert.ok(text.includes(`\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
    }
  });

  it('writes one line per annotation, repository-relative, with file:line:col in the message', async () => {
    const text = await annotate();
    assert.ok(
      text.includes(
        '::error file=sub/registry/acme/weather.json,line=5,col=5,title=mcpdesc.tool.members::sub/registry/acme/weather.json:5:5 Tool "get_forecast"',
      ),
    );
    // A newline or ESC in untrusted text never starts a new (command) line.
    assert.equal(text.split('\n').filter((l) => l.length > 0 && !l.startsWith('::')).length, 0);
    assert.ok(text.includes('file=sub/registry/odd%3Aname%2C100%25.json'));
    assert.ok(text.includes('Tool "evil\\u001b[2J%0Aname" is 100%25 wrong, truly: see "x".'));
    assert.ok(!text.includes('\u001b'));
    assert.ok(
      text.includes('::notice file=sub/registry/dump.jsonl,line=3,title=mcpdesc.document.primitives::'),
    );
  });

  it('never exceeds 10 errors and 10 warnings, and counts the rest in one notice', async () => {
    const documents = Array.from({ length: 100 }, (_, i) =>
      doc(`f${i}.json`, i, [
        diag('mcpdesc.tool.members', 'error', `e${i}`, '/tools/0', 1, 1),
        diag('mcpdesc.tool.name-pattern', 'warning', `w${i}`, '/tools/0/name', 1, 2),
        diag('mcpdesc.document.primitives', 'info', `i${i}`, ''),
      ]),
    );
    const kinds = commands(await annotate(documents));
    assert.equal(kinds.filter((k) => k === 'error').length, 10);
    assert.equal(kinds.filter((k) => k === 'warning').length, 10);
    assert.equal(kinds.filter((k) => k === 'notice').length, 10, '9 info annotations and the closing notice');
    const text = await annotate(documents);
    const last = text.trimEnd().split('\n').at(-1)!;
    assert.match(
      last,
      /^::notice title=mcpdesc-validate::271 more findings were not annotated \(90 errors, 90 warnings, 91 infos\)/,
    );
  });

  it('says "1 error", "1 warning", "1 info" in the closing notice, not "1 warnings"', async () => {
    const one = doc('one.json', 0, [], { errors: 1, warnings: 1, infos: 1, truncated: true });
    const text = await annotate([one]);
    assert.match(
      text,
      /3 more findings \(1 error, 1 warning, 1 info\) are beyond --max-diagnostics-per-file/,
    );
  });

  // The 39 cut errors are not among those "not annotated": GitHub's cap hides nothing here (one
  // annotation of ten), and --max-diagnostics-per-file dropped them before any report was written, so no
  // report lists them either. They are counted under their own cause.
  it('counts findings cut by --max-diagnostics-per-file under that cause, never under the annotation cap', async () => {
    const truncated = doc('big.json', 0, [diag('mcpdesc.tool.members', 'error', 'one', '/tools/0', 1, 1)], {
      errors: 40,
      truncated: true,
    });
    const text = await annotate([truncated]);
    const last = text.trimEnd().split('\n').at(-1)!;
    assert.match(
      last,
      /39 more findings \(39 errors, 0 warnings, 0 infos\) are beyond --max-diagnostics-per-file/,
    );
    assert.doesNotMatch(last, /GitHub shows at most/);
    assert.doesNotMatch(last, /not annotated/);
  });

  // The defect: both causes were summed into one count blamed on GitHub's cap (here "17 more findings
  // were not annotated … GitHub shows at most 10"), though 5 of them were never in any report.
  it('states the findings over the annotation cap and those cut per file separately, each with its count', async () => {
    const capped = Array.from({ length: 12 }, (_, i) =>
      doc(`e${String(i).padStart(2, '0')}.json`, i, [
        diag('mcpdesc.tool.members', 'error', `e${i}`, '/tools/0', 1, 1),
      ]),
    );
    const cut = doc('zz-big.json', 12, [diag('mcpdesc.tool.members', 'error', 'listed', '/tools/0', 1, 1)], {
      errors: 6,
      warnings: 2,
      truncated: true,
    });
    const text = await annotate([...capped, cut]);
    const kinds = commands(text);
    assert.equal(kinds.filter((k) => k === 'error').length, 10);
    const last = text.trimEnd().split('\n').at(-1)!;
    // 13 listed errors, 10 annotated: 3 over GitHub's cap, and they are in the full report.
    assert.match(
      last,
      /::3 more findings were not annotated \(3 errors, 0 warnings, 0 infos\): GitHub shows at most 10 annotations of each kind per step\. See the full report/,
    );
    // 5 errors and 2 warnings of zz-big.json were cut before any report.
    assert.match(
      last,
      /7 more findings \(5 errors, 2 warnings, 0 infos\) are beyond --max-diagnostics-per-file: counted in the summary but listed in no report/,
    );
  });

  it('leaves baselined findings out, so they never take the slots of new ones', async () => {
    // With --baseline, 12 old errors once filled the 10 error annotations and the new one was only counted.
    const old = Array.from({ length: 12 }, (_, i) =>
      doc(`old${String(i).padStart(2, '0')}.json`, i, [
        { ...diag('mcpdesc.tool.members', 'error', `old ${i}`, '/tools/0', 1, 1), suppressed: true },
      ]),
    );
    const fresh = doc('zz-new.json', 12, [
      diag('mcpdesc.tool.members', 'error', 'new one', '/tools/0', 1, 1),
    ]);
    const text = await annotate([...old, fresh]);
    const lines = text.trimEnd().split('\n');
    assert.deepEqual(
      lines.filter((l) => l.startsWith('::error')).map((l) => l.split('::').at(-1)),
      ['sub/zz-new.json:1:1 new one'],
    );
    assert.match(
      lines.at(-1)!,
      /^::notice title=mcpdesc-validate::12 findings covered by --baseline were not annotated/,
    );
  });

  it('says nothing more when everything was annotated', async () => {
    const text = await annotate([
      doc('a.json', 0, [diag('mcpdesc.tool.members', 'error', 'only', '/tools/0', 1, 1)]),
    ]);
    assert.equal(commands(text).length, 1);
  });
});
