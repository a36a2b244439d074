import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { fingerprint } from '../../../src/reports/fingerprint.js';
import { inShard } from '../../../src/reports/shard.js';
import {
  applyBaseline,
  BASELINE_SCHEMA_VERSION,
  type Baseline,
  collectFindings,
  describeStale,
  loadBaseline,
  staleEntries,
  writeBaseline,
} from '../../../src/state/baseline.js';
import { reportLines, sampleRun } from '../reports/reports.js';

const dir = mkdtempSync(join(tmpdir(), 'scale-baseline-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (name = 'baseline.ndjson') => join(dir, `${n++}-${name}`);

type D = { ruleId: string; pointer: string; severity: string; suppressed?: boolean };
const d = (ruleId: string, pointer: string, severity = 'error'): D => ({ ruleId, pointer, severity });

async function baselineOf(
  findings: Array<{ file: string; ruleId: string; pointer: string }>,
): Promise<Baseline> {
  const path = file();
  await writeBaseline(findings, path, { name: 'mcpdesc-validate', version: '0.1.0' });
  return loadBaseline(path);
}

describe('fingerprint', () => {
  it('is file + rule + pointer: not the line, not the message, not the path spelling', () => {
    const fp = fingerprint('registry/a.json', 'mcpdesc.tool.members', '/tools/3');
    assert.match(fp, /^[0-9a-f]{64}$/);
    assert.equal(fingerprint('registry\\a.json', 'mcpdesc.tool.members', '/tools/3'), fp);
    assert.equal(fingerprint('./registry/a.json', 'mcpdesc.tool.members', '/tools/3'), fp);
    assert.notEqual(fingerprint('registry/a.json', 'mcpdesc.tool.members', '/tools/4'), fp);
    assert.notEqual(fingerprint('registry/a.json', 'mcpdesc.tag.unique', '/tools/3'), fp);
    assert.notEqual(fingerprint('registry/b.json', 'mcpdesc.tool.members', '/tools/3'), fp);
  });

  it('cannot be forged by moving text between the parts', () => {
    assert.notEqual(fingerprint('a', 'b/c', ''), fingerprint('a', 'b', '/c'));
  });
});

describe('writeBaseline', () => {
  it('writes a versioned header and sorted, counted entries, atomically', async () => {
    const path = file();
    const result = await writeBaseline(
      [
        { file: 'z.json', ruleId: 'mcpdesc.tool.members', pointer: '/tools/1' },
        { file: 'a.json', ruleId: 'mcpdesc.tool.members', pointer: '/tools/0' },
        { file: 'z.json', ruleId: 'mcpdesc.tool.members', pointer: '/tools/1' },
        { file: 'a.json', ruleId: 'mcpdesc.document.syntax', pointer: '' },
      ],
      path,
      { name: 'mcpdesc-validate', version: '9.9.9' },
    );
    assert.deepEqual(result, { entries: 3, findings: 4 });
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(lines[0], {
      type: 'baseline',
      schemaVersion: BASELINE_SCHEMA_VERSION,
      tool: { name: 'mcpdesc-validate', version: '9.9.9' },
      entries: 3,
      findings: 4,
    });
    assert.deepEqual(
      lines.slice(1).map((e) => [e.file, e.ruleId, e.pointer, e.count]),
      [
        ['a.json', 'mcpdesc.document.syntax', '', 1],
        ['a.json', 'mcpdesc.tool.members', '/tools/0', 1],
        ['z.json', 'mcpdesc.tool.members', '/tools/1', 2],
      ],
    );
    assert.equal(lines[3].fingerprint, fingerprint('z.json', 'mcpdesc.tool.members', '/tools/1'));
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith('.tmp')),
      [],
    );
  });

  it('writes the same bytes whatever order the findings came in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            file: fc.constantFrom('a.json', 'b/c.json', 'd.yaml'),
            ruleId: fc.constantFrom('mcpdesc.x.a', 'mcpdesc.x.b'),
            pointer: fc.constantFrom('', '/tools/0', '/tools/1/name'),
          }),
          { maxLength: 20 },
        ),
        async (findings) => {
          const one = file();
          const two = file();
          await writeBaseline(findings, one);
          await writeBaseline([...findings].reverse(), two);
          assert.equal(readFileSync(one, 'utf8'), readFileSync(two, 'utf8'));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('accepts a collector fed document by document, and counts truncated documents', async () => {
    const collector = collectFindings();
    collector.add('b.json', [d('mcpdesc.x.a', '/tools/0'), d('mcpdesc.x.a', '/tools/0')]);
    collector.add('a.json', [d('mcpdesc.x.b', '')], true);
    assert.equal(collector.truncatedDocuments, 1);
    const path = file();
    await writeBaseline(collector, path);
    const loaded = await loadBaseline(path);
    assert.deepEqual(
      [...loaded.entries.values()].map((e) => [e.file, e.count]),
      [
        ['a.json', 1],
        ['b.json', 2],
      ],
    );
  });
});

describe('applyBaseline', () => {
  it('suppresses recorded findings and leaves only the newly added defect', async () => {
    const baseline = await baselineOf([
      { file: 'reg/a.json', ruleId: 'mcpdesc.tool.members', pointer: '/tools/0' },
      { file: 'reg/a.json', ruleId: 'mcpdesc.tag.unique', pointer: '/tags/1' },
      { file: 'reg/b.json', ruleId: 'mcpdesc.document.syntax', pointer: '' },
    ]);
    const a = [d('mcpdesc.tool.members', '/tools/0'), d('mcpdesc.tag.unique', '/tags/1', 'warning')];
    const b = [d('mcpdesc.document.syntax', '')];
    const c = [d('mcpdesc.tool.members', '/tools/2')]; // the new defect
    const ma = applyBaseline(baseline, 'reg/a.json', a);
    const mb = applyBaseline(baseline, 'reg/b.json', b);
    const mc = applyBaseline(baseline, 'reg/a.json', c);
    assert.deepEqual(ma, { suppressed: 2, bySeverity: { error: 1, warning: 1, info: 0 } });
    assert.equal(mb.suppressed, 1);
    assert.equal(mc.suppressed, 0);
    assert.deepEqual(
      [...a, ...b].map((x) => x.suppressed),
      [true, true, true],
    );
    assert.equal(c[0]!.suppressed, undefined);
    assert.deepEqual(staleEntries(baseline), []);
  });

  it('respects counts: 2 recorded, 3 found means one is new', async () => {
    const f = { file: 'x.json', ruleId: 'mcpdesc.tool.name-unique', pointer: '/tools' };
    const baseline = await baselineOf([f, f]);
    const found = [d(f.ruleId, f.pointer), d(f.ruleId, f.pointer), d(f.ruleId, f.pointer)];
    assert.equal(applyBaseline(baseline, 'x.json', found).suppressed, 2);
    assert.deepEqual(
      found.map((x) => x.suppressed === true),
      [true, true, false],
    );
  });

  it('does not match another file, rule or pointer', async () => {
    const baseline = await baselineOf([{ file: 'x.json', ruleId: 'mcpdesc.a.b', pointer: '/tools/1' }]);
    const found = [d('mcpdesc.a.b', '/tools/10'), d('mcpdesc.a.c', '/tools/1')];
    assert.equal(applyBaseline(baseline, 'x.json', found).suppressed, 0);
    assert.equal(applyBaseline(baseline, 'y.json', [d('mcpdesc.a.b', '/tools/1')]).suppressed, 0);
    assert.equal(applyBaseline(baseline, '.\\x.json', [d('mcpdesc.a.b', '/tools/1')]).suppressed, 1);
  });
});

describe('staleEntries', () => {
  it('lists fixed findings with how many are gone', async () => {
    const f = { file: 'x.json', ruleId: 'mcpdesc.a.b', pointer: '/tools/1' };
    const g = { file: 'y.json', ruleId: 'mcpdesc.a.b', pointer: '' };
    const baseline = await baselineOf([f, f, f, g]);
    applyBaseline(baseline, 'x.json', [d(f.ruleId, f.pointer)]);
    const stale = staleEntries(baseline);
    assert.deepEqual(
      stale.map((e) => [e.file, e.count]),
      [
        ['x.json', 2],
        ['y.json', 1],
      ],
    );
  });

  it('describes stale entries for stderr, bounded', async () => {
    const f = { file: 'x.json', ruleId: 'mcpdesc.a.b', pointer: '' };
    const baseline = await baselineOf([f, f, { ...f, file: 'y.json', pointer: '/tools/0' }]);
    assert.deepEqual(describeStale(staleEntries(baseline)), [
      'stale baseline entry: x.json mcpdesc.a.b (root) (2 gone)',
      'stale baseline entry: y.json mcpdesc.a.b /tools/0',
    ]);
    assert.deepEqual(describeStale(staleEntries(baseline), 1).at(-1), '… and 1 more stale baseline entries');
  });

  it('splits across shards: each stale entry is reported by exactly one shard', async () => {
    const findings = Array.from({ length: 40 }, (_, i) => ({
      file: `registry/s${i}.json`,
      ruleId: 'mcpdesc.a.b',
      pointer: '/tools/0',
    }));
    const count = 3;
    const perShard: string[] = [];
    for (let index = 1; index <= count; index++) {
      const baseline = await baselineOf(findings);
      const stale = staleEntries(baseline, (f) => inShard(f, { index, count }));
      perShard.push(...stale.map((e) => e.file));
    }
    assert.deepEqual(perShard.sort(), findings.map((f) => f.file).sort());
  });
});

describe('loadBaseline', () => {
  it('accepts a previous NDJSON report as a baseline', async () => {
    const docs = sampleRun(30);
    const path = file('report.ndjson');
    writeFileSync(path, `${reportLines(docs).join('\n')}\n`);
    const baseline = await loadBaseline(path);
    assert.equal(baseline.kind, 'report');
    const total = docs.reduce((sum, doc) => sum + doc.diagnostics.length, 0);
    assert.ok(total > 5);
    assert.equal(
      [...baseline.entries.values()].reduce((sum, e) => sum + e.count, 0),
      total,
    );
    for (const doc of docs) {
      const found = doc.diagnostics.map((x) => ({ ...x, suppressed: false }));
      applyBaseline(baseline, doc.file, found);
      assert.ok(found.every((x) => x.suppressed));
    }
  });

  it('refuses a report cut short at a line boundary instead of suppressing part of it', async () => {
    // It once loaded: the findings before the cut were suppressed, the rest counted as new.
    const docs = sampleRun(30);
    const lines = reportLines(docs);
    assert.match(lines.at(-1)!, /"type":"summary"/);
    const report = file('cut-report.ndjson');
    writeFileSync(report, `${lines.slice(0, -1).join('\n')}\n`);
    await assert.rejects(loadBaseline(report), (e: Error) => {
      assert.ok(e.message.includes(report), e.message);
      assert.match(e.message, /no summary record/);
      return true;
    });
  });

  it('refuses a baseline cut at a line boundary, or whose header does not match its entries', async () => {
    const findings = Array.from({ length: 46 }, (_, i) => ({
      file: `registry/f${i % 9}.json`,
      ruleId: 'mcpdesc.tool.members',
      pointer: `/tools/${i}`,
    }));
    const whole = file();
    await writeBaseline(findings, whole);
    const lines = readFileSync(whole, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    assert.equal(lines.length, 47);
    const cut = file('cut.ndjson');
    writeFileSync(cut, `${lines.slice(0, 24).join('\n')}\n`);
    await assert.rejects(loadBaseline(cut), (e: Error) => {
      assert.ok(e.message.includes(cut), e.message);
      assert.match(e.message, /23 entries \(23 findings\) where its header says 46 \(46\)/);
      return true;
    });
    // An entry's count edited without its header: the findings no longer add up.
    const edited = file('edited.ndjson');
    writeFileSync(
      edited,
      `${[lines[0], lines[1]!.replace('"count":1', '"count":2'), ...lines.slice(2)].join('\n')}\n`,
    );
    await assert.rejects(loadBaseline(edited), /46 entries \(47 findings\) where its header says 46 \(46\)/);
    assert.equal((await loadBaseline(whole)).entries.size, 46);
  });

  it('names the file (and line) when the baseline is missing or malformed', async () => {
    const missing = join(dir, 'no-such-baseline.ndjson');
    await assert.rejects(loadBaseline(missing), (e: Error) => {
      assert.equal((e as { code?: string }).code, 'E_BASELINE');
      assert.match(e.message, /no-such-baseline\.ndjson does not exist/);
      return true;
    });
    const cases: Array<[string, RegExp]> = [
      ['', /is empty/],
      ['{"type":"baseline","schemaVersion":1}\n{"file":"a"', /:2: not a JSON record/],
      ['{"type":"baseline","schemaVersion":2}\n', /schemaVersion 2; this version reads 1/],
      ['{"type":"something"}\n', /is not a baseline/],
      [
        '{"type":"baseline","schemaVersion":1}\n{"file":"a","ruleId":"r","pointer":"","count":0}\n',
        /:2: entry count/,
      ],
      ['{"type":"baseline","schemaVersion":1}\n{"file":"a","ruleId":"r"}\n', /:2: entry needs string file/],
      ['[1,2]\n', /not a JSON object/],
    ];
    for (const [text, pattern] of cases) {
      const path = file('bad.ndjson');
      writeFileSync(path, text);
      await assert.rejects(loadBaseline(path), (e: Error) => {
        assert.ok(e.message.includes(path), `${e.message} does not name ${path}`);
        assert.match(e.message, pattern);
        return true;
      });
    }
  });
});
