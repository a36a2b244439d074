import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ComparedFinding, compareRuns } from '../../../src/reports/compare.js';
import { fingerprint } from '../../../src/reports/fingerprint.js';
import { reportLines, sampleRun, source, type TestDocument, TOOL } from './reports.js';

async function compare(before: string[], after: string[]) {
  const findings: ComparedFinding[] = [];
  const result = await compareRuns(
    source('old.ndjson', before),
    source('new.ndjson', after),
    { optionsMayDiffer: new Set() },
    (f) => {
      findings.push(f);
    },
  );
  return { ...result, findings };
}

const key = (f: ComparedFinding) => `${f.change} ${f.file} ${f.ruleId} ${f.pointer}`;

function clone(docs: TestDocument[]): TestDocument[] {
  return docs.map((d) => ({ ...d, diagnostics: d.diagnostics.map((x) => ({ ...x })) }));
}

describe('compareRuns', () => {
  it('finds new, fixed and unchanged findings by fingerprint, ignoring moved lines', async () => {
    const before = sampleRun(40).filter((d) => d.status !== 'error');
    const after = clone(before);
    // Every line moves (a document was reformatted): that changes nothing.
    for (const doc of after) for (const d of doc.diagnostics) d.line = 500;
    const withErrors = after.filter((d) => d.diagnostics.length > 0);
    const fixedDoc = withErrors[0]!;
    const fixed = fixedDoc.diagnostics.shift()!;
    const grownDoc = withErrors[1]!;
    const repeated = grownDoc.diagnostics[0]!;
    grownDoc.diagnostics.push({ ...repeated }); // one more of a finding already there: one new
    const freshDoc = after.find((d) => d.diagnostics.length === 0)!;
    freshDoc.diagnostics.push({
      ruleId: 'mcpdesc.tool.members',
      severity: 'error',
      pointer: '/tools/9',
      line: 500,
    });
    const removed = after.splice(after.indexOf(withErrors[2]!), 1)[0]!;
    const added: TestDocument = {
      file: 'registry/Ω-new.json',
      status: 'invalid',
      bytes: 10,
      tools: 1,
      diagnostics: [{ ruleId: 'mcpdesc.document.syntax', severity: 'error', pointer: '' }],
    };
    after.push(added);

    const { exitCode, comparison, findings, problems } = await compare(
      reportLines(before),
      reportLines(after),
    );
    assert.deepEqual(problems, []);
    assert.equal(exitCode, 1);
    const changed = findings
      .filter((f) => f.change !== 'unchanged')
      .map(key)
      .sort();
    const expected = [
      `fixed ${fixedDoc.file} ${fixed.ruleId} ${fixed.pointer}`,
      `new ${grownDoc.file} ${repeated.ruleId} ${repeated.pointer}`,
      `new ${freshDoc.file} mcpdesc.tool.members /tools/9`,
      `new ${added.file} mcpdesc.document.syntax `,
      ...removed.diagnostics.map((d) => `fixed ${removed.file} ${d.ruleId} ${d.pointer}`),
    ].sort();
    assert.deepEqual(changed, expected);
    const total = (docs: TestDocument[]) => docs.reduce((n, d) => n + d.diagnostics.length, 0);
    assert.equal(comparison!.counts.unchanged, total(after) - 3);
    assert.equal(comparison!.counts.new, 3);
    assert.equal(comparison!.counts.fixed, 1 + removed.diagnostics.length);
    assert.equal(comparison!.counts.unchanged + comparison!.counts.fixed, total(before));
    assert.deepEqual(comparison!.files, {
      old: new Set(before.map((d) => d.file)).size,
      new: new Set(after.map((d) => d.file)).size,
      added: 1,
      removed: 1,
    });
    const byRule = Object.values(comparison!.byRule).reduce((n, c) => n + c.new, 0);
    assert.equal(byRule, 3);
    for (const f of findings) assert.equal(f.fingerprint, fingerprint(f.file, f.ruleId, f.pointer));
    const reported = findings.find((f) => f.change === 'new' && f.file === freshDoc.file)!;
    assert.equal(reported.line, 500, 'new findings carry the new run position');
  });

  it('tallies rule ids named like members of Object.prototype as any other', async () => {
    const before = sampleRun(10).filter((d) => d.status !== 'error');
    const after = clone(before);
    const doc = after.find((d) => d.diagnostics.length === 0)!;
    for (const ruleId of ['constructor', '__proto__', 'constructor'])
      doc.diagnostics.push({
        ruleId,
        severity: 'error',
        pointer: `/tools/${doc.diagnostics.length}`,
        line: 1,
      });
    const { comparison } = await compare(reportLines(before), reportLines(after));
    const byRule = new Map(Object.entries(comparison!.byRule));
    assert.equal(byRule.get('constructor')?.new, 2);
    assert.equal(byRule.get('__proto__')?.new, 1);
    assert.equal(comparison!.counts.new, 3);
  });

  it('exits 0 when nothing is new, and notes a tool upgrade', async () => {
    const docs = sampleRun(20).filter((d) => d.status !== 'error');
    const fewer = clone(docs).map((d) => ({ ...d, diagnostics: [] }));
    const { exitCode, comparison } = await compare(
      reportLines(docs),
      reportLines(fewer, null, { run: { tool: { ...TOOL, version: '0.2.0' } } }),
    );
    assert.equal(exitCode, 0);
    assert.equal(comparison!.counts.new, 0);
    assert.ok(comparison!.counts.fixed > 0);
    assert.match(comparison!.notes.join('\n'), /tool version changed from 0\.1\.0 to 0\.2\.0/);
  });

  it('compares JSON Lines documents of one file together', async () => {
    const docs = sampleRun(4).filter((d) => d.file.endsWith('.jsonl'));
    const moved = clone(docs);
    // The bad line moves from 4 to 2: same file, same rule and pointer, so unchanged.
    moved[3]!.diagnostics = [];
    moved[3]!.status = 'valid';
    moved[1]!.diagnostics = [{ ruleId: 'mcpdesc.document.syntax', severity: 'error', pointer: '' }];
    const { findings, exitCode } = await compare(reportLines(docs), reportLines(moved));
    assert.deepEqual(
      findings.map((f) => [f.change, f.documentLine]),
      [['unchanged', 2]],
    );
    assert.equal(exitCode, 0);
  });

  // Matching by fingerprint alone paired line 3's finding with line 2's when line 2 was fixed, and
  // reported the fix on line 3.
  it('a fixed JSON Lines document is reported on its own line when others keep the same finding', async () => {
    const docs = sampleRun(4).filter((d) => d.file.endsWith('.jsonl'));
    const bad = () => [{ ruleId: 'mcpdesc.document.syntax', severity: 'error' as const, pointer: '' }];
    const before = clone(docs);
    for (const i of [1, 2, 3]) {
      before[i]!.diagnostics = bad();
      before[i]!.status = 'invalid';
    }
    const after = clone(before);
    after[1]!.diagnostics = [];
    after[1]!.status = 'valid';
    const { findings } = await compare(reportLines(before), reportLines(after));
    assert.deepEqual(
      findings.map((f) => [f.change, f.documentLine]),
      [
        ['unchanged', 3],
        ['unchanged', 4],
        ['fixed', 2],
      ],
    );
  });

  it('reports unreadable, foreign or unsorted input with exit 2', async () => {
    const docs = sampleRun(10);
    const notReport = await compare(['{"type":"file"}'], reportLines(docs));
    assert.equal(notReport.exitCode, 2);
    assert.match(notReport.problems.join('\n'), /old\.ndjson does not start with a run record/);
    const unsorted = await compare(reportLines(docs), reportLines([...docs].reverse()));
    assert.equal(unsorted.exitCode, 2);
    assert.match(unsorted.problems.join('\n'), /not in document order/);
    const missing = await compareRuns('/nonexistent/old.ndjson', source('new', reportLines(docs)), {
      optionsMayDiffer: new Set(),
    });
    assert.equal(missing.exitCode, 2);
    assert.match(missing.problems.join('\n'), /cannot read \/nonexistent\/old\.ndjson/);
  });
});
