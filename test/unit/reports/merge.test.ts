import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { OPTIONS_SHARDS_MAY_DIFFER } from '../../../src/cli/option-table.js';
import { mergeRuns } from '../../../src/reports/merge.js';
import type { ReportSource } from '../../../src/reports/ndjson.js';
import {
  reportLines,
  runRecord,
  sampleRun,
  shardDocs,
  sink,
  source,
  summaryRecord,
  type TestDocument,
  TOOL,
} from './reports.js';

type Rec = Record<string, unknown>;

/** Drop what legitimately differs between a merged and a single run: timing and run metadata. */
function comparable(records: Rec[]): Rec[] {
  return records
    .filter((r) => r.type !== 'run')
    .map((r) => {
      const copy = { ...r };
      if (r.type === 'file') delete copy.durationMs;
      if (r.type === 'summary') {
        delete copy.wallMs;
        delete copy.throughput;
        delete copy.peakRssBytes;
      }
      return copy;
    });
}

function shards(
  docs: TestDocument[],
  count: number,
  order: 'forward' | 'reverse' = 'forward',
): ReportSource[] {
  const list: ReportSource[] = [];
  for (let index = 1; index <= count; index++) {
    const shard = { index, count };
    list.push(
      source(`shard-${index}.ndjson`, reportLines(shardDocs(docs, shard), shard, { wallMs: 100 * index })),
    );
  }
  return order === 'reverse' ? list.reverse() : list;
}

async function merge(inputs: ReportSource[]) {
  const out = sink();
  const result = await mergeRuns(inputs, out.stream, { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER });
  return { result, records: out.records(), text: out.text() };
}

describe('mergeRuns', () => {
  it('merges 4 shards into the single-run stream, apart from timing and run metadata', async () => {
    const docs = sampleRun();
    for (let i = 1; i <= 4; i++)
      assert.ok(shardDocs(docs, { index: i, count: 4 }).length > 0, `shard ${i} empty`);
    const single = reportLines(docs).map((l) => JSON.parse(l) as Rec);
    const { result, records } = await merge(shards(docs, 4, 'reverse'));
    assert.deepEqual(result.problems, []);
    assert.deepEqual(comparable(records), comparable(single));
    // The sample holds an unreadable file (status error): a single run exits 2, so must the merge.
    assert.equal(result.exitCode, 2);
    assert.equal(records.at(-1)!.exitCode, 2);
  });

  it('writes one run record naming the inputs, whole-run, with the files planned summed', async () => {
    const docs = sampleRun();
    const { records } = await merge(shards(docs, 3));
    const runs = records.filter((r) => r.type === 'run');
    assert.equal(runs.length, 1);
    assert.equal(records[0]!.type, 'run');
    assert.equal(runs[0]!.shard, null);
    assert.equal(runs[0]!.filesPlanned, new Set(docs.map((d) => d.file)).size);
    assert.deepEqual((runs[0]!.merged as Rec).inputs, ['shard-1.ndjson', 'shard-2.ndjson', 'shard-3.ndjson']);
    const summary = records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.equal(summary.wallMs, 300, 'the slowest shard');
  });

  it('recomputes the exit code from unsuppressed findings under failOn', async () => {
    const clean = sampleRun().filter((d) => d.status !== 'error');
    const { result } = await merge(shards(clean, 4));
    assert.equal(result.exitCode, 1);

    // Only baseline-suppressed errors left: nothing fails.
    const suppressedOnly = clean.map((d) => ({
      ...d,
      diagnostics: d.diagnostics.map((x) => (x.severity === 'error' ? { ...x, suppressed: true } : x)),
    }));
    for (const shard of shards(suppressedOnly, 2)) assert.ok(shard);
    const r2 = await merge(shards(suppressedOnly, 2));
    assert.deepEqual(r2.result.problems, []);
    assert.equal(r2.result.exitCode, 0);
    assert.equal(r2.records.at(-1)!.exitCode, 0);

    // Warnings fail the merged run when the run was made with failOn warning.
    const warnRun = { options: { ...runRecord(null, 0).options, failOn: 'warning' } };
    const inputs = [1, 2].map((index) => {
      const shard = { index, count: 2 };
      const lines = reportLines(shardDocs(suppressedOnly, shard), shard, { run: warnRun });
      return source(`w${index}`, lines);
    });
    const r3 = await merge(inputs);
    assert.equal(r3.result.exitCode, 1);
    assert.equal(r3.records.at(-1)!.failOn, 'warning');

    // --strict-baseline: a shard's stale entries fail the merged run and are summed; a shard that says
    // it had none is not taken for a stale failure even if its exit 1 is not explained by findings.
    const strict = (staleByShard: number[], exitCodes: number[]) =>
      [1, 2].map((index) => {
        const shard = { index, count: 2 };
        const lines = reportLines(shardDocs(suppressedOnly, shard), shard);
        const summary = JSON.parse(lines.at(-1)!) as Rec;
        summary.staleBaseline = staleByShard[index - 1];
        summary.exitCode = exitCodes[index - 1];
        return source(`s${index}`, [...lines.slice(0, -1), JSON.stringify(summary)]);
      });
    const stale = await merge(strict([0, 2], [0, 1]));
    assert.equal(stale.result.exitCode, 1);
    assert.equal(stale.records.at(-1)!.staleBaseline, 2);
    const none = await merge(strict([0, 0], [0, 1]));
    assert.equal(none.result.exitCode, 0, 'staleBaseline 0 says the exit 1 was not a stale baseline');
  });

  it('reports missing shards and still writes what it has', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const given = shards(docs, 4).filter((_, i) => i !== 2);
    const { result, records } = await merge(given);
    assert.equal(result.exitCode, 2);
    assert.equal(result.refused, false);
    assert.ok(
      result.problems.some((p) => p.includes('missing shard 3/4')),
      result.problems.join('\n'),
    );
    assert.equal(records.at(-1)!.type, 'summary');
    assert.equal(records.at(-1)!.exitCode, 2);
    const files = records.filter((r) => r.type === 'file').length;
    assert.equal(files, docs.length - shardDocs(docs, { index: 3, count: 4 }).length);
  });

  it('reports a document present in two shards and keeps it once', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const s1 = shardDocs(docs, { index: 1, count: 2 });
    const s2 = shardDocs(docs, { index: 2, count: 2 });
    const stray = s2[3]!;
    const s1plus = [...s1, stray].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const { result, records } = await merge([
      source('one', reportLines(s1plus, { index: 1, count: 2 })),
      source('two', reportLines(s2, { index: 2, count: 2 })),
    ]);
    assert.equal(result.exitCode, 2);
    assert.ok(
      result.problems.some((p) => p.includes(stray.file) && p.includes('one') && p.includes('two')),
      result.problems.join('\n'),
    );
    assert.equal(records.filter((r) => r.type === 'file' && r.file === stray.file).length, 1);
  });

  it('refuses shards of different tool versions, naming them, and writes nothing', async () => {
    const docs = sampleRun();
    const [a, b] = [1, 2].map((index) => shardDocs(docs, { index, count: 2 }));
    const { result, text } = await merge([
      source('a.ndjson', reportLines(a!, { index: 1, count: 2 })),
      source(
        'b.ndjson',
        reportLines(b!, { index: 2, count: 2 }, { run: { tool: { ...TOOL, version: '0.2.0' } } }),
      ),
    ]);
    assert.equal(result.refused, true);
    assert.equal(result.exitCode, 2);
    assert.equal(text, '');
    const message = result.problems.join('\n');
    assert.match(message, /different tool versions/);
    assert.match(message, /a\.ndjson: mcpdesc-validate@0\.1\.0/);
    assert.match(message, /b\.ndjson: mcpdesc-validate@0\.2\.0/);
  });

  it('refuses shards run with different result-affecting options, but not different report files or cache use', async () => {
    const docs = sampleRun();
    const base = runRecord(null, 0).options;
    const make = (options: Rec) =>
      [1, 2].map((index) =>
        source(
          `s${index}`,
          reportLines(
            shardDocs(docs, { index, count: 2 }),
            { index, count: 2 },
            {
              run: { options: index === 2 ? { ...base, ...options } : base },
            },
          ),
        ),
      );
    const refused = await merge(make({ ruleLevels: { 'mcpdesc.tool.members': 'off' } }));
    assert.equal(refused.result.refused, true);
    assert.match(refused.result.problems.join('\n'), /ruleLevels differs/);
    assert.equal(refused.text, '');

    const accepted = await merge(make({ formats: ['ndjson', 'sarif=shard-2.sarif'], cache: true }));
    assert.equal(accepted.result.refused, false);
    assert.deepEqual(accepted.result.problems, []);
  });

  it('refuses shards of different input lists, and merges those of one', async () => {
    const docs = sampleRun();
    const shard = (index: number, inputs: Rec) =>
      source(
        `s${index}`,
        reportLines(shardDocs(docs, { index, count: 2 }), { index, count: 2 }, { run: { inputs } }),
      );
    const one = { files: 49, sha256: 'a'.repeat(64) };
    const refused = await merge([shard(1, one), shard(2, { files: 20, sha256: 'b'.repeat(64) })]);
    assert.equal(refused.result.refused, true);
    assert.match(
      refused.result.problems.join('\n'),
      /shards of different input lists \(s1: 49 files, sha256 aaaaaaaaaaaa, s2: 20 files, sha256 bbbbbbbbbbbb\)/,
    );
    assert.equal(refused.text, '');
    const sameCountOtherNames = await merge([shard(1, one), shard(2, { ...one, sha256: 'c'.repeat(64) })]);
    assert.equal(sameCountOtherNames.result.refused, true);
    const accepted = await merge([shard(1, one), shard(2, one)]);
    assert.equal(accepted.result.refused, false);
    assert.deepEqual(accepted.records[0]!.inputs, one);
  });

  it('refuses the same shard given twice, mixed shard counts, and shards mixed with whole runs', async () => {
    const docs = sampleRun();
    const s = (index: number, count: number) =>
      source(`s${index}of${count}`, reportLines(shardDocs(docs, { index, count }), { index, count }));
    const twice = await merge([s(1, 2), s(1, 2), s(2, 2)]);
    assert.match(twice.result.problems.join('\n'), /shard 1\/2 is given twice/);
    const mixed = await merge([s(1, 2), s(2, 3)]);
    assert.match(mixed.result.problems.join('\n'), /different shard counts/);
    const whole = await merge([s(1, 2), source('whole', reportLines(docs))]);
    assert.match(whole.result.problems.join('\n'), /whole runs with shards/);
    for (const r of [twice, mixed, whole]) assert.equal(r.result.refused, true);
  });

  it('reports a shard whose output was cut off (no summary, half a line)', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const s1 = reportLines(shardDocs(docs, { index: 1, count: 2 }), { index: 1, count: 2 });
    const s2 = reportLines(shardDocs(docs, { index: 2, count: 2 }), { index: 2, count: 2 });
    const cut = [...s2.slice(0, -3), s2.at(-3)!.slice(0, 20)];
    const { result, records } = await merge([source('s1', s1), source('s2', cut)]);
    assert.equal(result.exitCode, 2);
    const message = result.problems.join('\n');
    assert.match(message, /s2 has no summary record/);
    assert.match(message, /s2:\d+: not a JSON record/);
    assert.equal(records.at(-1)!.type, 'summary');
  });

  it('reports an input that is not in document order', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const lines = reportLines(docs.slice(0, 6).reverse());
    const { result } = await merge([source('unsorted', lines)]);
    assert.equal(result.exitCode, 2);
    assert.match(result.problems.join('\n'), /not in document order/);
  });

  it('refuses input that is not a report', async () => {
    const { result } = await merge([source('notes.txt', ['{"hello":1}'])]);
    assert.equal(result.refused, true);
    assert.match(result.problems[0]!, /notes\.txt does not start with a run record/);
    const none = await merge([]);
    assert.equal(none.result.refused, true);
  });

  // A report cut inside its run record was two errors: the damaged line, then "does not start with a
  // run record" for the same cause.
  it('names a damaged first line once', async () => {
    const lines = reportLines(sampleRun().slice(0, 2));
    const { result } = await merge([source('cut', [lines[0]!.slice(0, 40), ...lines.slice(1)])]);
    assert.equal(result.refused, true);
    assert.deepEqual(result.problems, [
      'cut:1: not a JSON record: not an NDJSON report of mcpdesc-validate (written with -f ndjson?)',
    ]);
  });

  it('reads files from disk, gzip included, and names a missing one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scale-merge-'));
    try {
      const docs = sampleRun().filter((d) => d.status !== 'error');
      const one = join(dir, 'shard-1.ndjson');
      const two = join(dir, 'shard-2.ndjson.gz');
      writeFileSync(
        one,
        `${reportLines(shardDocs(docs, { index: 1, count: 2 }), { index: 1, count: 2 }).join('\n')}\n`,
      );
      const s2 = reportLines(shardDocs(docs, { index: 2, count: 2 }), { index: 2, count: 2 });
      writeFileSync(two, gzipSync(`${s2.join('\n')}\n`));
      const { result, records } = await merge([one, two]);
      assert.deepEqual(result.problems, []);
      assert.deepEqual(comparable(records), comparable(reportLines(docs).map((l) => JSON.parse(l) as Rec)));

      const missing = await merge([one, join(dir, 'nope.ndjson')]);
      assert.equal(missing.result.refused, true);
      assert.match(missing.result.problems.join('\n'), /cannot read .*nope\.ndjson: no such file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sums counters it does not know about (forward compatible summaries)', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const inputs = [1, 2].map((index) => {
      const shard = { index, count: 2 };
      const lines = reportLines(shardDocs(docs, shard), shard);
      const summary = JSON.parse(lines.at(-1)!) as Rec;
      summary.files = { ...(summary.files as Rec), cached: index * 10 };
      summary.counts = { ...(summary.counts as Rec), suppressed: index };
      lines[lines.length - 1] = JSON.stringify(summary);
      return source(`s${index}`, lines);
    });
    const { records } = await merge(inputs);
    const summary = records.at(-1)!;
    assert.equal((summary.files as Rec).cached, 30);
    assert.equal((summary.counts as Rec).suppressed, 3);
    const expected = summaryRecord(docs, null);
    assert.equal((summary.files as Rec).total, expected.files.total);
  });
});

describe('mergeRuns with rule ids named like members of Object.prototype', () => {
  it('sums them as any other counter', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const inputs = [1, 2].map((index) => {
      const shard = { index, count: 2 };
      const lines = reportLines(shardDocs(docs, shard), shard);
      const summary = JSON.parse(lines.at(-1)!) as Rec;
      const byRule = JSON.parse(`{"constructor":${index},"__proto__":${10 * index},"toString":1}`) as Rec;
      summary.byRule = { ...(summary.byRule as Rec), ...byRule };
      lines[lines.length - 1] = JSON.stringify(summary);
      return source(`s${index}`, lines);
    });
    const { records } = await merge(inputs);
    const byRule = new Map(Object.entries(records.at(-1)!.byRule as Rec));
    assert.equal(byRule.get('constructor'), 3);
    assert.equal(byRule.get('__proto__'), 30);
    assert.equal(byRule.get('toString'), 2);
  });
});

describe('mergeRuns on damaged compressed input', () => {
  it('reports a .gz input that is not gzip, or is cut short, instead of throwing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scale-merge-gz-'));
    try {
      const docs = sampleRun().filter((d) => d.status !== 'error');
      const lines = reportLines(shardDocs(docs, { index: 1, count: 2 }), { index: 1, count: 2 });
      const two = reportLines(shardDocs(docs, { index: 2, count: 2 }), { index: 2, count: 2 });
      const plain = join(dir, 'shard-1.ndjson');
      writeFileSync(plain, `${lines.join('\n')}\n`);
      const notGzip = join(dir, 'shard-2.ndjson.gz');
      writeFileSync(notGzip, `${two.join('\n')}\n`);
      const first = await merge([plain, notGzip]);
      assert.equal(first.result.exitCode, 2);
      assert.match(first.result.problems.join('\n'), /shard-2\.ndjson\.gz/);

      const gz = gzipSync(`${two.join('\n')}\n`);
      writeFileSync(notGzip, gz.subarray(0, Math.floor(gz.length * 0.6)));
      const cut = await merge([plain, notGzip]);
      assert.equal(cut.result.exitCode, 2);
      assert.match(cut.result.problems.join('\n'), /shard-2\.ndjson\.gz/);
      assert.equal(cut.records.at(-1)!.type, 'summary');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mergeRuns into a reader that leaves', () => {
  it('stops without throwing or hanging when the output fails with EPIPE', async () => {
    const docs = sampleRun(3000).filter((d) => d.status !== 'error');
    let writes = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, done) {
        writes++;
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const result = await mergeRuns(shards(docs, 2), out, { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER });
    assert.ok(writes >= 1);
    assert.equal(result.refused, false);
    assert.ok(!result.problems.some((p) => p.includes('EPIPE')), 'a reader leaving is not a failure');
  });

  it('reports any other write failure with exit 2', async () => {
    const docs = sampleRun(50).filter((d) => d.status !== 'error');
    const out = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
      },
    });
    const result = await mergeRuns(shards(docs, 2), out, { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER });
    assert.equal(result.exitCode, 2);
    assert.match(result.problems.join('\n'), /cannot write the merged report: no space left/);
  });
});

describe('mergeRuns on literal shard files', () => {
  // Two shards of a four-file run, written out by hand in the NDJSON contract's shapes.
  const run = (index: number) =>
    `{"type":"run","schemaVersion":1,"tool":{"name":"mcpdesc-validate","version":"0.1.0"},"startedAt":"2026-11-30T02:00:0${index}.000Z","cwd":"/w","argv":[],"node":"v20.20.2","platform":"linux-x64","options":{"failOn":"error","ruleLevels":{},"maxDiagnosticsPerFile":1000,"formats":["ndjson=shard-${index}.ndjson"]},"specVersions":["0.7.0"],"target":null,"concurrency":2,"shard":{"index":${index},"count":2},"filesPlanned":2}`;
  const shard1 = [
    run(1),
    '{"type":"diagnostic","file":"a.json","ruleId":"mcpdesc.document.syntax","severity":"error","message":"bad","pointer":"","path":[],"line":1,"column":1,"specSection":"3.1","docsUrl":"u"}',
    '{"type":"file","file":"a.json","status":"invalid","format":"json","bytes":10,"mcpdesc":null,"errors":1,"warnings":0,"infos":0,"tools":0,"durationMs":0.5,"truncated":false}',
    '{"type":"file","file":"c.jsonl","line":2,"status":"valid","format":"jsonl","bytes":30,"mcpdesc":"0.7.0","errors":0,"warnings":0,"infos":0,"tools":3,"durationMs":0.2,"truncated":false}',
    '{"type":"summary","exitCode":1,"aborted":false,"failOn":"error","files":{"total":2,"valid":0,"invalid":2,"error":0,"skipped":0},"documents":2,"counts":{"error":1,"warning":0,"info":0},"byRule":{"mcpdesc.document.syntax":1},"bytes":40,"tools":3,"wallMs":50,"throughput":{"filesPerSec":40,"mbPerSec":0,"toolsPerSec":60},"peakRssBytes":100,"shard":{"index":1,"count":2}}',
  ];
  const shard2 = [
    run(2),
    '{"type":"file","file":"b.yaml","status":"valid","format":"yaml","bytes":20,"mcpdesc":"0.7.0","errors":0,"warnings":0,"infos":0,"tools":1,"durationMs":0.9,"truncated":false}',
    '{"type":"diagnostic","file":"d.json","ruleId":"mcpdesc.tool.members","severity":"warning","message":"w","pointer":"/tools/0","path":["tools",0],"line":4,"column":7,"specSection":"9.1","docsUrl":"u"}',
    '{"type":"file","file":"d.json","status":"valid","format":"json","bytes":40,"mcpdesc":"0.7.0","errors":0,"warnings":1,"infos":0,"tools":1,"durationMs":0.1,"truncated":false}',
    '{"type":"summary","exitCode":0,"aborted":false,"failOn":"error","files":{"total":2,"valid":2,"invalid":0,"error":0,"skipped":0},"documents":2,"counts":{"error":0,"warning":1,"info":0},"byRule":{"mcpdesc.tool.members":1},"bytes":60,"tools":2,"wallMs":80,"throughput":{"filesPerSec":25,"mbPerSec":0,"toolsPerSec":25},"peakRssBytes":300,"shard":{"index":2,"count":2}}',
  ];

  it('interleaves the documents by file and writes the summed summary', async () => {
    const { result, text } = await merge([
      source('shard-2.ndjson', shard2),
      source('shard-1.ndjson', shard1),
    ]);
    assert.deepEqual(result.problems, []);
    const lines = text.trimEnd().split('\n');
    assert.equal(lines.length, 8);
    // Documents verbatim, in file order: a.json, b.yaml, c.jsonl (line 2), d.json.
    assert.deepEqual(lines.slice(1, 7), [shard1[1], shard1[2], shard2[1], shard1[3], shard2[2], shard2[3]]);
    const run0 = JSON.parse(lines[0]!) as Rec;
    assert.equal(run0.shard, null);
    assert.equal(run0.filesPlanned, 4);
    assert.equal(run0.startedAt, '2026-11-30T02:00:01.000Z');
    const summary = JSON.parse(lines.at(-1)!) as Rec;
    assert.deepEqual(summary, {
      type: 'summary',
      exitCode: 1,
      aborted: false,
      failOn: 'error',
      files: { total: 4, valid: 2, invalid: 2, error: 0, skipped: 0 },
      documents: 4,
      counts: { error: 1, warning: 1, info: 0 },
      byRule: { 'mcpdesc.document.syntax': 1, 'mcpdesc.tool.members': 1 },
      bytes: 100,
      tools: 5,
      wallMs: 80,
      throughput: { filesPerSec: 50, mbPerSec: 0, toolsPerSec: 62.5 },
      peakRssBytes: 300,
      shard: null,
    });
  });
});

/** One shard's report of `docs`, its summary with what a run records beyond the test's tally. */
function shardWith(docs: TestDocument[], index: number, count: number, summary: Rec): ReportSource {
  const shard = { index, count };
  const lines = reportLines(shardDocs(docs, shard), shard);
  const record = { ...(JSON.parse(lines.at(-1)!) as Rec), ...summary };
  return source(`shard-${index}.ndjson`, [...lines.slice(0, -1), JSON.stringify(record)]);
}

describe('the reasons of merged shards', () => {
  it('an exit 2 of the merge itself (a missing shard) is not taken for "nothing matched"', async () => {
    // A one-file run over three shards: the two that do not hold the file passed, and said so.
    const [doc] = sampleRun().filter((d) => d.status === 'valid');
    const holder = [1, 2, 3].find((index) => shardDocs([doc!], { index, count: 3 }).length === 1)!;
    const empty = [1, 2, 3].filter((index) => index !== holder);
    const inputs = empty.map((index) => shardWith([doc!], index, 3, { exitCode: 0, reasons: [] }));
    const { result, records } = await merge(inputs);
    assert.equal(result.exitCode, 2);
    assert.deepEqual(result.problems, [`missing shard ${holder}/3`]);
    const summary = records.at(-1)!;
    assert.equal((summary.files as Rec).total, 0);
    assert.equal(summary.exitCode, 2);
    assert.deepEqual(summary.reasons, []);
  });

  it('"nothing matched" is carried over from the shards that recorded it', async () => {
    const inputs = [1, 2].map((index) =>
      shardWith([], index, 2, { exitCode: 2, reasons: [{ kind: 'nothing-matched' }] }),
    );
    const { result, records } = await merge(inputs);
    assert.equal(result.exitCode, 2);
    assert.deepEqual(records.at(-1)!.reasons, [{ kind: 'nothing-matched' }]);
  });

  it('a shard that could not write a report gives that reason, not "nothing matched"', async () => {
    // --allow-empty: nothing matched is a pass; shard 2's report file could not be written.
    const failed = { format: 'sarif', path: 'shard-2.sarif', message: 'no space left on device' };
    const inputs = [
      shardWith([], 1, 2, { exitCode: 0, reasons: [] }),
      shardWith([], 2, 2, {
        exitCode: 2,
        failedOutputs: [failed],
        reasons: [{ kind: 'failed-output', outputs: 1 }],
      }),
    ];
    const { result, records } = await merge(inputs);
    assert.equal(result.exitCode, 2);
    const summary = records.at(-1)!;
    assert.deepEqual(summary.failedOutputs, [failed]);
    assert.deepEqual(summary.reasons, [{ kind: 'failed-output', outputs: 1 }]);
  });

  it('an interrupt only when a shard recorded one, not for a shard whose stdout reader left', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const whole = summaryRecord(docs, null);
    const findings = { kind: 'findings', failOn: 'error', counts: { ...whole.counts, warning: 0, info: 0 } };
    const run = async (second: Rec) => {
      const { records } = await merge([
        shardWith(docs, 1, 2, { reasons: [] }),
        shardWith(docs, 2, 2, { aborted: true, ...second }),
      ]);
      return records.at(-1)!;
    };
    // Its report file got the summary after stdout (another format) went away: aborted, not interrupted.
    const left = await run({ exitCode: 1, reasons: [] });
    assert.equal(left.aborted, true);
    assert.equal(left.exitCode, 2);
    assert.deepEqual(left.reasons, [findings]);
    const interrupted = await run({ exitCode: 130, reasons: [{ kind: 'interrupted' }] });
    assert.deepEqual(interrupted.reasons, [{ kind: 'interrupted' }, findings]);
  });
});

describe('the summary of merged shards', () => {
  it('lists the failed outputs of every shard in shard order, an output two shards name once', async () => {
    const docs = sampleRun().filter((d) => d.status !== 'error');
    const sarif = (message: string) => ({ format: 'sarif', path: 'reports/run.sarif', message });
    const junit = { format: 'junit', path: 'junit-2.xml', message: 'permission denied' };
    const stdout = { format: 'ndjson', path: null, message: 'write EIO' };
    const outputs: Rec[][] = [[], [sarif('no space left on device'), junit], [sarif('write EIO'), stdout]];
    const inputs = [3, 2, 1].map((index) => {
      const failedOutputs = outputs[index - 1]!;
      const reasons =
        failedOutputs.length > 0 ? [{ kind: 'failed-output', outputs: failedOutputs.length }] : [];
      return shardWith(docs, index, 3, {
        exitCode: failedOutputs.length > 0 ? 2 : 1,
        ...(failedOutputs.length > 0 ? { failedOutputs } : {}),
        reasons,
      });
    });
    const { result, records } = await merge(inputs);
    assert.equal(result.exitCode, 2);
    const summary = records.at(-1)!;
    assert.deepEqual(summary.failedOutputs, [sarif('no space left on device'), junit, stdout]);
    assert.deepEqual((summary.reasons as Rec[]).slice(0, 1), [{ kind: 'failed-output', outputs: 3 }]);
    // Where a single run writes them: after the verdict's fields, the reasons last.
    assert.deepEqual(Object.keys(summary).slice(-2), ['failedOutputs', 'reasons']);
  });
});
